ALTER TABLE "retrieval_trade_offers" ADD COLUMN "release_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retrieval_trade_offers" ADD COLUMN "release_reason" text;