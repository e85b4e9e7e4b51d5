CREATE TABLE "activities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"metric" text NOT NULL,
	"period" text NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text,
	"rules_zh" text NOT NULL,
	"rules_en" text,
	"target" integer DEFAULT 0 NOT NULL,
	"reward_kind" text DEFAULT 'point' NOT NULL,
	"reward_fen" bigint DEFAULT 0 NOT NULL,
	"prizes_fen" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_kind" CHECK ("activities"."kind" IN ('task', 'leaderboard')),
	CONSTRAINT "activities_period" CHECK ("activities"."period" IN ('day', 'week')),
	CONSTRAINT "activities_reward_kind" CHECK ("activities"."reward_kind" IN ('point', 'coin')),
	CONSTRAINT "activities_amounts" CHECK ("activities"."target" >= 0 AND "activities"."reward_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "activity_rank_payouts" (
	"activity_id" bigint NOT NULL,
	"period_key" integer NOT NULL,
	"place" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"value" integer NOT NULL,
	"prize_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_rank_payouts_activity_id_period_key_place_pk" PRIMARY KEY("activity_id","period_key","place")
);
--> statement-breakpoint
CREATE TABLE "activity_task_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_task_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"activity_id" bigint NOT NULL,
	"period_key" integer NOT NULL,
	"value" integer NOT NULL,
	"reward_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "activities_slug" ON "activities" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_task_claims_once" ON "activity_task_claims" USING btree ("user_id","activity_id","period_key");--> statement-breakpoint
CREATE INDEX "activity_task_claims_user" ON "activity_task_claims" USING btree ("user_id","period_key");