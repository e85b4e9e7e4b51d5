CREATE TABLE "dreams" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dreams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"target_item_id" bigint NOT NULL,
	"target_price_fen" bigint NOT NULL,
	"probability" integer NOT NULL,
	"return_rate_bp" integer NOT NULL,
	"fee_fen" bigint NOT NULL,
	"coins_paid_fen" bigint NOT NULL,
	"items_value_fen" bigint NOT NULL,
	"staked_item_ids" bigint[] NOT NULL,
	"roll_id" bigint NOT NULL,
	"won" boolean NOT NULL,
	"won_inventory_item_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rolls" ADD COLUMN "target_price_fen" bigint;--> statement-breakpoint
ALTER TABLE "rolls" ADD COLUMN "return_rate_bp" integer;--> statement-breakpoint
CREATE INDEX "dreams_user" ON "dreams" USING btree ("user_id","id");