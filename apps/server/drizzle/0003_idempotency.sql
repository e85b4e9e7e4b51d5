CREATE TABLE "idempotent_requests" (
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_user_id_key_pk" PRIMARY KEY("user_id","key")
);
