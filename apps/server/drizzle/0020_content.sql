CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"alt" text NOT NULL,
	"image" text,
	"url" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"visible" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"source" text DEFAULT 'seed' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_url_safe" CHECK ("banners"."url" ~ '^(/([^/]|$)|https://)'),
	CONSTRAINT "banners_schedule" CHECK ("banners"."starts_at" IS NULL OR "banners"."ends_at" IS NULL OR "banners"."starts_at" < "banners"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text,
	"version" integer DEFAULT 1 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'seed' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_url_safe" CHECK ("notices"."url" IS NULL OR "notices"."url" ~ '^(/([^/]|$)|https://)')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "banners_key_lang" ON "banners" USING btree ("key","lang");--> statement-breakpoint
CREATE INDEX "banners_lang_order" ON "banners" USING btree ("lang","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "notices_key_lang" ON "notices" USING btree ("key","lang");--> statement-breakpoint
CREATE INDEX "notices_lang_published" ON "notices" USING btree ("lang","published_at");