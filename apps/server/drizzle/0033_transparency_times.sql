ALTER TABLE "retrievals" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rolls_case_time" ON "rolls" USING btree ("created_at","case_id","case_version","item_id","price_paid_fen") WHERE "rolls"."case_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "retrievals_finished" ON "retrievals" USING btree ("finished_at") WHERE "retrievals"."finished_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "battles_ended" ON "battles" USING btree ("ended_at") WHERE "battles"."state" = 'ended';--> statement-breakpoint
CREATE INDEX "dreams_created" ON "dreams" USING btree ("created_at");