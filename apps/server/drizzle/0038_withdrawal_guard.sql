CREATE TABLE "withdrawal_holds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" bigint,
	"release_note" text,
	CONSTRAINT "withdrawal_holds_reason" CHECK ("withdrawal_holds"."reason" IN ('trade_url', 'password', 'phone', 'new_device'))
);
--> statement-breakpoint
CREATE INDEX "withdrawal_holds_user" ON "withdrawal_holds" USING btree ("user_id","until");--> statement-breakpoint
ALTER TABLE "retrievals" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "retrievals" ADD COLUMN "reviewed_by" bigint;--> statement-breakpoint
ALTER TABLE "retrievals" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "retrievals_awaiting_review" ON "retrievals" USING btree ("id") WHERE "retrievals"."review_reason" IS NOT NULL AND "retrievals"."reviewed_at" IS NULL;
