CREATE TABLE "real_name_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "real_name_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"result" text NOT NULL,
	"real_name_masked" text NOT NULL,
	"id_card_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "real_name_checks_user" ON "real_name_checks" USING btree ("user_id","id");