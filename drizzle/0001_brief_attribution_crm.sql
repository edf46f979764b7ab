CREATE TABLE "notification_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"leads" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "budget" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "contact_time" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "outbox_jobs" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "outbox_jobs" ADD COLUMN "summary_id" bigint;--> statement-breakpoint
CREATE INDEX "notification_sends_channel_sent_idx" ON "notification_sends" USING btree ("channel","sent_at");