CREATE TABLE "deposit_callbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" integer NOT NULL,
	"order_no" text,
	"raw_body" text NOT NULL,
	"timestamp_header" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "review_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "review_operator_id" bigint;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "review_reason" text;--> statement-breakpoint
CREATE INDEX "deposit_callbacks_order" ON "deposit_callbacks" USING btree ("order_no","id");