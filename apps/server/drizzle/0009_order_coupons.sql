ALTER TABLE "deposit_orders" ADD COLUMN "coupon_id" bigint;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "coupon_bonus_fen" bigint DEFAULT 0 NOT NULL;