CREATE TABLE "reality_check_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"interval_minutes" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reality_check_settings_interval" CHECK ("reality_check_settings"."interval_minutes" IN (0, 15, 30, 45, 60, 90, 120))
);
