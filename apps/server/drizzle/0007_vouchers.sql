CREATE TABLE "reward_vouchers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reward_vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"voucher_type" smallint NOT NULL,
	"coupon_type" smallint,
	"name" text NOT NULL,
	"reward_fen" bigint DEFAULT 0 NOT NULL,
	"discount_bp" integer DEFAULT 0 NOT NULL,
	"min_spend_fen" bigint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"grant_key" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_vouchers_kind" CHECK (("reward_vouchers"."voucher_type" = 0 AND "reward_vouchers"."reward_fen" > 0) OR ("reward_vouchers"."voucher_type" = 1 AND "reward_vouchers"."coupon_type" IN (0, 1, 2) AND "reward_vouchers"."discount_bp" BETWEEN 1 AND 10000))
);
--> statement-breakpoint
CREATE INDEX "reward_vouchers_user" ON "reward_vouchers" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_vouchers_grant_once" ON "reward_vouchers" USING btree ("user_id","grant_key");