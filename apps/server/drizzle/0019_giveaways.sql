CREATE TABLE "giveaway_entries" (
	"giveaway_id" bigint NOT NULL,
	"entry_no" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giveaway_entries_giveaway_id_entry_no_pk" PRIMARY KEY("giveaway_id","entry_no")
);
--> statement-breakpoint
CREATE TABLE "giveaway_prizes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "giveaway_prizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"giveaway_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"item_id" bigint NOT NULL,
	"value_fen" bigint NOT NULL,
	"stock_id" bigint,
	"escrow_inventory_id" bigint,
	"winner_user_id" bigint,
	"winner_entry_no" integer,
	"granted_inventory_id" bigint,
	CONSTRAINT "giveaway_prizes_source" CHECK (("giveaway_prizes"."stock_id" IS NULL) <> ("giveaway_prizes"."escrow_inventory_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "giveaways" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "giveaways_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"creator_id" bigint,
	"title" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"banner" text,
	"open_time" timestamp with time zone NOT NULL,
	"password_hash" text,
	"min_deposit_fen" bigint DEFAULT 0 NOT NULL,
	"deposit_start" timestamp with time zone,
	"deposit_end" timestamp with time zone,
	"promotion_user_id" bigint,
	"min_vip_grade" integer DEFAULT 0 NOT NULL,
	"server_seed" text NOT NULL,
	"secret_salt" text NOT NULL,
	"public_hash" text NOT NULL,
	"target_round" bigint NOT NULL,
	"entry_seq" integer DEFAULT 0 NOT NULL,
	"entries_hash" text,
	"entry_count" integer,
	"frozen_at" timestamp with time zone,
	"beacon_source" text,
	"beacon_signature" text,
	"randomness" text,
	"drawn_at" timestamp with time zone,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giveaways_creator_kind" CHECK (("giveaways"."kind" = 'official') = ("giveaways"."creator_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "streamer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_entries_user" ON "giveaway_entries" USING btree ("giveaway_id","user_id");--> statement-breakpoint
CREATE INDEX "giveaway_entries_user_rooms" ON "giveaway_entries" USING btree ("user_id","giveaway_id");--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_prizes_position" ON "giveaway_prizes" USING btree ("giveaway_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_prizes_escrow" ON "giveaway_prizes" USING btree ("escrow_inventory_id") WHERE "giveaway_prizes"."escrow_inventory_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "giveaway_prizes_winner" ON "giveaway_prizes" USING btree ("winner_user_id") WHERE "giveaway_prizes"."winner_user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "giveaways_state" ON "giveaways" USING btree ("state","kind","id");--> statement-breakpoint
CREATE INDEX "giveaways_creator" ON "giveaways" USING btree ("creator_id","id");