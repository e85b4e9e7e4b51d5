ALTER TABLE "vip_grades" ADD COLUMN "level_points_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_grades" ADD COLUMN "red_packet_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing ladders keep the rewards the code granted until now (points by grade, ¥1.88 × grade from grade 2).
UPDATE "vip_grades" SET "level_points_fen" = (ARRAY[0, 500, 1000, 3000, 10000, 30000, 100000])["grade" + 1] WHERE "grade" BETWEEN 0 AND 6;--> statement-breakpoint
UPDATE "vip_grades" SET "red_packet_fen" = 188 * "grade" WHERE "grade" >= 2;
