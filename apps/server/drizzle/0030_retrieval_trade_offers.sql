CREATE TABLE "retrieval_trade_offers" (
	"retrieval_id" bigint PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"offer_id" text,
	"asset_id" text,
	"offer_state" smallint,
	"asset_released" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "retrieval_trade_offers_offer" ON "retrieval_trade_offers" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "retrieval_trade_offers_asset" ON "retrieval_trade_offers" USING btree ("asset_id") WHERE "retrieval_trade_offers"."asset_id" IS NOT NULL AND NOT "retrieval_trade_offers"."asset_released";