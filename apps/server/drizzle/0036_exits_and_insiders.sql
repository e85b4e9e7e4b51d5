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
CREATE TABLE "approval_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"value_fen" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_ip" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"target_id" text,
	CONSTRAINT "approval_requests_kind" CHECK ("approval_requests"."kind" IN ('redPacket', 'coupon', 'goldenCode', 'balanceCredit', 'officialGiveaway')),
	CONSTRAINT "approval_requests_status" CHECK ("approval_requests"."status" IN ('pending', 'approved', 'rejected', 'expired')),
	CONSTRAINT "approval_requests_value" CHECK ("approval_requests"."value_fen" >= 0),
	CONSTRAINT "approval_requests_not_self" CHECK ("approval_requests"."decided_by" IS NULL OR "approval_requests"."decided_by" <> "approval_requests"."requested_by"),
	CONSTRAINT "approval_requests_decided" CHECK (("approval_requests"."status" = 'pending') = ("approval_requests"."decided_at" IS NULL)
       AND ("approval_requests"."status" IN ('approved', 'rejected')) = ("approval_requests"."decided_by" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "operator_value_tallies" (
	"operator_id" bigint NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"own_fen" bigint DEFAULT 0 NOT NULL,
	"cosigned_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "operator_value_tallies_pk" PRIMARY KEY("operator_id","day","kind"),
	CONSTRAINT "operator_value_tallies_kind" CHECK ("operator_value_tallies"."kind" IN ('redPacket', 'coupon', 'goldenCode', 'balanceCredit', 'officialGiveaway')),
	CONSTRAINT "operator_value_tallies_amounts" CHECK ("operator_value_tallies"."own_fen" >= 0 AND "operator_value_tallies"."cosigned_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "live_drops" ADD COLUMN "public_from" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "retrievals" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "retrievals" ADD COLUMN "reviewed_by" bigint;--> statement-breakpoint
ALTER TABLE "retrievals" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "golden_codes" ADD COLUMN "max_discount_fen" bigint;--> statement-breakpoint
ALTER TABLE "reward_vouchers" ADD COLUMN "max_discount_fen" bigint;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "password_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_requested_by_operators_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_value_tallies" ADD CONSTRAINT "operator_value_tallies_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_holds_user" ON "withdrawal_holds" USING btree ("user_id","until");--> statement-breakpoint
CREATE INDEX "approval_requests_status" ON "approval_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "operator_value_tallies_day" ON "operator_value_tallies" USING btree ("day");--> statement-breakpoint
CREATE INDEX "retrievals_awaiting_review" ON "retrievals" USING btree ("id") WHERE "retrievals"."review_reason" IS NOT NULL AND "retrievals"."reviewed_at" IS NULL;