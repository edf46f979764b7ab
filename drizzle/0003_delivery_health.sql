CREATE TABLE "delivery_channels" (
	"channel" text PRIMARY KEY NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"last_outcome" text NOT NULL,
	"last_error" text,
	"last_success_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"alerted_since" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	"alerted_via" text,
	"alert_claimed_by" text,
	"alert_claimed_at" timestamp with time zone,
	"alert_attempts" integer DEFAULT 0 NOT NULL,
	"alert_next_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "outbox_jobs_open_idx" ON "outbox_jobs" USING btree ("channel","status","created_at") WHERE "outbox_jobs"."status" <> 'sent';