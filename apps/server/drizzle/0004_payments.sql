CREATE TABLE "currency_rates" (
	"code" text PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"rate_num" integer NOT NULL,
	"rate_den" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"channel_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"credit_fen" bigint NOT NULL,
	"bonus_fen" bigint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"provider_txn_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "deposit_orders_order_no" UNIQUE("order_no"),
	CONSTRAINT "deposit_orders_state" CHECK ("deposit_orders"."state" IN (0, 1, 2)),
	CONSTRAINT "deposit_orders_amount" CHECK ("deposit_orders"."amount_minor" > 0 AND "deposit_orders"."credit_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"channel_type" smallint NOT NULL,
	"currencies" jsonb NOT NULL,
	"min_amount_fen" bigint NOT NULL,
	"max_amount_fen" bigint NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_provider_txn" ON "deposit_orders" USING btree ("channel_id","provider_txn_id");--> statement-breakpoint
CREATE INDEX "deposit_orders_user" ON "deposit_orders" USING btree ("user_id","id");