CREATE TABLE "deposit_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refund_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"operator_id" bigint,
	"amount_minor" bigint NOT NULL,
	"remaining_before_minor" bigint NOT NULL,
	"coin_fen" bigint NOT NULL,
	"bonus_fen" bigint NOT NULL,
	"held_bonus_fen" bigint DEFAULT 0 NOT NULL,
	"rebate_fen" bigint DEFAULT 0 NOT NULL,
	"rebate_unrecovered_fen" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"provider_refund_id" text,
	"provider_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "deposit_refunds_refund_no" UNIQUE("refund_no"),
	CONSTRAINT "deposit_refunds_state" CHECK ("deposit_refunds"."state" IN (0, 1, 2)),
	CONSTRAINT "deposit_refunds_amounts" CHECK ("deposit_refunds"."amount_minor" > 0 AND "deposit_refunds"."coin_fen" >= 0 AND "deposit_refunds"."bonus_fen" >= 0)
);
--> statement-breakpoint
CREATE INDEX "deposit_refunds_order" ON "deposit_refunds" USING btree ("order_id","id");