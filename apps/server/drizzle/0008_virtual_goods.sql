CREATE TABLE "user_virtual_goods" (
	"user_id" bigint NOT NULL,
	"good_id" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_virtual_goods_user_id_good_id_pk" PRIMARY KEY("user_id","good_id")
);
--> statement-breakpoint
CREATE TABLE "virtual_goods" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"image" text NOT NULL,
	"price_fen" bigint NOT NULL,
	"duration_days" integer,
	"enabled" boolean DEFAULT true NOT NULL
);
