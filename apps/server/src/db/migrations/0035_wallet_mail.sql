CREATE TABLE "wallet_mail" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_key" varchar(64) NOT NULL,
	"company_id" integer,
	"employee_id" integer,
	"from_address" varchar(320),
	"subject" varchar(500),
	"sent_at" timestamp with time zone,
	"outcome" varchar(30) NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_mail_outcome_ck" CHECK ("wallet_mail"."outcome" in ('taken', 'unknown_recipient', 'no_attachment', 'too_large', 'unreadable'))
);
--> statement-breakpoint
CREATE TABLE "wallet_mail_address" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"token" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_mail" ADD CONSTRAINT "wallet_mail_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_mail_address" ADD CONSTRAINT "wallet_mail_address_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_mail_address" ADD CONSTRAINT "wallet_mail_address_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_mail_message_key_uq" ON "wallet_mail" USING btree ("message_key");--> statement-breakpoint
CREATE INDEX "wallet_mail_owner_idx" ON "wallet_mail" USING btree ("company_id","employee_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_mail_address_token_uq" ON "wallet_mail_address" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_mail_address_owner_uq" ON "wallet_mail_address" USING btree ("company_id","employee_id");