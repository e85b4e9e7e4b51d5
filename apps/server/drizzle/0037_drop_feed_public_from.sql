ALTER TABLE "live_drops" ADD COLUMN "public_from" timestamp with time zone DEFAULT now();
