CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"lang" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'seed' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_virtual_goods" ADD COLUMN "equipped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_key_lang" ON "documents" USING btree ("key","lang");--> statement-breakpoint
CREATE INDEX "documents_category" ON "documents" USING btree ("category","sort_order");