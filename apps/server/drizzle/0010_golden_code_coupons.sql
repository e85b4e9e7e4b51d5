ALTER TABLE "golden_codes" DROP CONSTRAINT "golden_codes_reward";--> statement-breakpoint
ALTER TABLE "golden_codes" ADD COLUMN "coupon_type" smallint;--> statement-breakpoint
ALTER TABLE "golden_codes" ADD COLUMN "discount_bp" integer;--> statement-breakpoint
ALTER TABLE "golden_codes" ADD COLUMN "min_spend_fen" bigint;--> statement-breakpoint
ALTER TABLE "golden_codes" ADD CONSTRAINT "golden_codes_reward" CHECK (("golden_codes"."reward_type" = 'coin' AND "golden_codes"."amount_fen" > 0 AND "golden_codes"."item_id" IS NULL AND "golden_codes"."box_id" IS NULL)
       OR ("golden_codes"."reward_type" = 'item' AND "golden_codes"."item_id" IS NOT NULL AND "golden_codes"."amount_fen" IS NULL AND "golden_codes"."box_id" IS NULL)
       OR ("golden_codes"."reward_type" = 'box' AND "golden_codes"."box_id" IS NOT NULL AND "golden_codes"."amount_fen" IS NULL AND "golden_codes"."item_id" IS NULL)
       OR ("golden_codes"."reward_type" = 'coupon' AND "golden_codes"."coupon_type" IN (0, 1, 2) AND "golden_codes"."discount_bp" BETWEEN 1 AND 10000
           AND "golden_codes"."amount_fen" IS NULL AND "golden_codes"."item_id" IS NULL AND "golden_codes"."box_id" IS NULL));