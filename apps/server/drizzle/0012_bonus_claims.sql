CREATE TABLE "bonus_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_devices" (
	"user_id" bigint NOT NULL,
	"device_id" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_devices_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_claims_subject" ON "bonus_claims" USING btree ("kind","subject_type","subject");--> statement-breakpoint
CREATE INDEX "bonus_claims_user" ON "bonus_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_devices_device" ON "user_devices" USING btree ("device_id");