CREATE TABLE "player_protections" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"exclusion_kind" text,
	"excluded_at" timestamp with time zone,
	"excluded_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_protections_kind" CHECK ("player_protections"."exclusion_kind" IS NULL OR "player_protections"."exclusion_kind" IN ('cool_off', 'self_exclusion')),
	CONSTRAINT "player_protections_exclusion" CHECK (("player_protections"."exclusion_kind" IS NULL) = ("player_protections"."excluded_until" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "protection_limits" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"value" bigint,
	"pending_value" bigint,
	"pending_remove" boolean DEFAULT false NOT NULL,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protection_limits_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "protection_limits_kind" CHECK ("protection_limits"."kind" IN ('deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month', 'session_minutes')),
	CONSTRAINT "protection_limits_positive" CHECK (("protection_limits"."value" IS NULL OR "protection_limits"."value" > 0) AND ("protection_limits"."pending_value" IS NULL OR "protection_limits"."pending_value" > 0))
);
