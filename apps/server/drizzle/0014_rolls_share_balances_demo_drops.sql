ALTER TABLE "live_drops" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rolls" ADD COLUMN "public_id" text;--> statement-breakpoint
-- Existing rolls get a share id from the server's CSPRNG (two v4 UUIDs: 244 random bits), base64url.
UPDATE "rolls" SET "public_id" = rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=');--> statement-breakpoint
ALTER TABLE "rolls" ALTER COLUMN "public_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rolls" ADD COLUMN "coin_before_fen" bigint;--> statement-breakpoint
ALTER TABLE "rolls" ADD COLUMN "point_before_fen" bigint;--> statement-breakpoint
ALTER TABLE "rolls" ADD COLUMN "coin_after_fen" bigint;--> statement-breakpoint
ALTER TABLE "rolls" ADD COLUMN "point_after_fen" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "rolls_public_id" ON "rolls" USING btree ("public_id");--> statement-breakpoint
-- The seeded demo feed (its players are bots) and sandbox-published drops were never real activity.
UPDATE "live_drops" SET "demo" = true WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "is_bot") OR ("user_id" IS NULL AND "source_name" = '沙盒');
