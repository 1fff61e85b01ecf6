ALTER TABLE "mail_outbox" ADD COLUMN "once_key" varchar(120);--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_once_uq" ON "mail_outbox" USING btree ("once_key");
