ALTER TABLE "mail_outbox" ADD COLUMN "link" varchar(200);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "amount" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "currency" varchar(3);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_inbox_idx" ON "mail_outbox" USING btree ("to_employee_id","company_id","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_unread_idx" ON "mail_outbox" USING btree ("to_employee_id","company_id","id") WHERE read_at is null;--> statement-breakpoint
-- Notices written before the inbox existed were read as mail: they start read, so the inbox opens on what is new.
UPDATE "mail_outbox" SET "read_at" = "created_at" WHERE "read_at" IS NULL;