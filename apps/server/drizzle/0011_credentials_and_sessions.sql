ALTER TABLE "sessions" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "idle_timeout_s" integer DEFAULT 604800 NOT NULL;--> statement-breakpoint
ALTER TABLE "throttles" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_bound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_bound_at" timestamp with time zone;