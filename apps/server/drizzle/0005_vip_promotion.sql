CREATE TABLE "user_vip" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"exp" bigint DEFAULT 0 NOT NULL,
	"grade" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_grades" (
	"grade" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"exp_min" bigint NOT NULL,
	"level_reward_fen" bigint NOT NULL,
	"free_boxes" integer NOT NULL,
	"recharge_bonus_bp" integer NOT NULL,
	"rebate_boost_bp" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_rewards" (
	"user_id" bigint NOT NULL,
	"grade" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_rewards_user_id_grade_pk" PRIMARY KEY("user_id","grade")
);
--> statement-breakpoint
CREATE TABLE "promotion_channels" (
	"channel_code" text PRIMARY KEY NOT NULL,
	"channel_name" text NOT NULL,
	"channel_platform" text NOT NULL,
	"available" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_levels" (
	"level" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"exp_min" bigint NOT NULL,
	"rebate_bp" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_stats" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"invited_count" integer DEFAULT 0 NOT NULL,
	"total_recharge_fen" bigint DEFAULT 0 NOT NULL,
	"total_rebate_fen" bigint DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"code_changed" boolean DEFAULT false NOT NULL
);
