ALTER TABLE "leads" ALTER COLUMN "contact_value" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "kind" text DEFAULT 'form' NOT NULL;