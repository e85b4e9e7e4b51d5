CREATE TABLE "battle_bots" (
	"id" integer PRIMARY KEY NOT NULL,
	"nickname" text NOT NULL,
	"head_pic" text
);
--> statement-breakpoint
CREATE TABLE "battle_boxes" (
	"battle_id" bigint NOT NULL,
	"round" smallint NOT NULL,
	"box_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"odds_hash" text NOT NULL,
	"price_fen" bigint NOT NULL,
	"item_prices" jsonb NOT NULL,
	CONSTRAINT "battle_boxes_battle_id_round_pk" PRIMARY KEY("battle_id","round")
);
--> statement-breakpoint
CREATE TABLE "battle_rolls" (
	"battle_id" bigint NOT NULL,
	"round" smallint NOT NULL,
	"seat" smallint NOT NULL,
	"roll_code" integer NOT NULL,
	"range_low" integer NOT NULL,
	"range_high" integer NOT NULL,
	"item_id" bigint NOT NULL,
	"value_fen" bigint NOT NULL,
	"inventory_item_id" bigint,
	CONSTRAINT "battle_rolls_battle_id_round_seat_pk" PRIMARY KEY("battle_id","round","seat")
);
--> statement-breakpoint
CREATE TABLE "battle_seats" (
	"battle_id" bigint NOT NULL,
	"seat" smallint NOT NULL,
	"user_id" bigint,
	"bot_id" integer,
	"client_seed" text NOT NULL,
	"coin_fen" bigint DEFAULT 0 NOT NULL,
	"point_fen" bigint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "battle_seats_battle_id_seat_pk" PRIMARY KEY("battle_id","seat"),
	CONSTRAINT "battle_seats_who" CHECK (("battle_seats"."user_id" IS NULL) <> ("battle_seats"."bot_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "battles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "battles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"creator_id" bigint NOT NULL,
	"title" text NOT NULL,
	"rule" text NOT NULL,
	"seats" smallint NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"entry_price_fen" bigint NOT NULL,
	"password_hash" text,
	"server_seed" text NOT NULL,
	"secret_salt" text NOT NULL,
	"public_hash" text NOT NULL,
	"locked_at" timestamp with time zone,
	"target_round" bigint,
	"seats_digest" text,
	"beacon_source" text,
	"beacon_signature" text,
	"randomness" text,
	"winner_seat" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "battles_seats" CHECK ("battles"."seats" BETWEEN 2 AND 4)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "battle_seats_user" ON "battle_seats" USING btree ("battle_id","user_id") WHERE "battle_seats"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "battle_seats_user_battles" ON "battle_seats" USING btree ("user_id","battle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "battles_code" ON "battles" USING btree ("code");--> statement-breakpoint
CREATE INDEX "battles_state" ON "battles" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "battles_creator" ON "battles" USING btree ("creator_id","id");