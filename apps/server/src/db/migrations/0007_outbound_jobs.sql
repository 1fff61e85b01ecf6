CREATE TABLE "outbound_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue" varchar(40) NOT NULL,
	"payload" jsonb NOT NULL,
	"company_id" integer,
	"request_id" varchar(60),
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" varchar(1000),
	"job_id" uuid,
	"relayed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "outbound_job_relay_idx" ON "outbound_job" USING btree ("relayed_at","id");--> statement-breakpoint
CREATE INDEX "outbound_job_created_idx" ON "outbound_job" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "outbound_job" ("queue", "payload", "company_id") SELECT 'mail', jsonb_build_object('mailId', "id"), "company_id" FROM "mail_outbox" WHERE "sent_at" IS NULL ORDER BY "id";
