CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"text_version" text NOT NULL,
	"text_hash" text NOT NULL,
	"language" text NOT NULL,
	"page" text NOT NULL,
	"user_agent" text NOT NULL,
	"ip" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"contact_method" text NOT NULL,
	"contact_value" text NOT NULL,
	"language" text NOT NULL,
	"page" text NOT NULL,
	"estimate" jsonb,
	"status" text DEFAULT 'new' NOT NULL,
	"spam_reason" text,
	"idempotency_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_jobs" ADD CONSTRAINT "outbox_jobs_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consents_lead_key" ON "consents" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_reference_key" ON "leads" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_idempotency_key" ON "leads" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_jobs_due_idx" ON "outbox_jobs" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_jobs_lead_channel_key" ON "outbox_jobs" USING btree ("lead_id","channel");--> statement-breakpoint
CREATE INDEX "submission_hits_ip_created_idx" ON "submission_hits" USING btree ("ip","created_at");