DROP INDEX "rolls_case";--> statement-breakpoint
CREATE INDEX "rolls_case" ON "rolls" USING btree ("case_id","case_version","id","item_id","price_paid_fen");