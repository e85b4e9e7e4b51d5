CREATE TABLE "item_price_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_price_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint NOT NULL,
	"old_reference_fen" bigint NOT NULL,
	"new_reference_fen" bigint NOT NULL,
	"old_recovery_fen" bigint NOT NULL,
	"new_recovery_fen" bigint NOT NULL,
	"source" text NOT NULL,
	"operator_id" bigint,
	"import_id" text,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_price_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"format" text NOT NULL,
	"file_hash" text NOT NULL,
	"recovery_rate_bp" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "item_price_history_item" ON "item_price_history" USING btree ("item_id","id");