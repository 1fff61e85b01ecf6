CREATE TABLE "bank_branch" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"cnaps" varchar(12) NOT NULL,
	"bank_code" varchar(3) NOT NULL,
	"bank_name" varchar(100) NOT NULL,
	"branch_name" varchar(200) NOT NULL,
	"province" varchar(40),
	"city" varchar(40),
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"keyword_grams" text[] GENERATED ALWAYS AS (search_grams(cnaps || ' ' || bank_name || ' ' || branch_name || ' ' || coalesce(city, ''))) STORED,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payer_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"account_name" varchar(200) NOT NULL,
	"account_no" varchar(40) NOT NULL,
	"bank_name" varchar(100) NOT NULL,
	"cnaps" varchar(12) NOT NULL,
	"branch_name" varchar(200),
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"layout" varchar(20) DEFAULT 'generic_csv' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "remittance_item_document_uq";--> statement-breakpoint
ALTER TABLE "remittance_item" ADD COLUMN "bank_cnaps" varchar(12);--> statement-breakpoint
ALTER TABLE "remittance_item" ADD COLUMN "bank_branch" varchar(200);--> statement-breakpoint
ALTER TABLE "remittance_item" ADD COLUMN "currency" varchar(3) DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "remittance_item" ADD COLUMN "bank_status" varchar(10);--> statement-breakpoint
ALTER TABLE "remittance_item" ADD COLUMN "bank_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "remittance_item" ADD COLUMN "bank_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "remittance_run" ADD COLUMN "payer_account_id" integer;--> statement-breakpoint
ALTER TABLE "provider" ADD COLUMN "bank_cnaps" varchar(12);--> statement-breakpoint
ALTER TABLE "provider" ADD COLUMN "bank_branch" varchar(200);--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "bank_cnaps" varchar(12);--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "bank_branch" varchar(200);--> statement-breakpoint
ALTER TABLE "bank_branch" ADD CONSTRAINT "bank_branch_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_account" ADD CONSTRAINT "payer_account_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_branch_company_cnaps_uq" ON "bank_branch" USING btree ("company_id","cnaps");--> statement-breakpoint
CREATE INDEX "bank_branch_keyword_idx" ON "bank_branch" USING gin ("keyword_grams");--> statement-breakpoint
CREATE INDEX "bank_branch_company_bank_idx" ON "bank_branch" USING btree ("company_id","bank_code");--> statement-breakpoint
CREATE UNIQUE INDEX "payer_account_company_code_uq" ON "payer_account" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "payer_account_default_uq" ON "payer_account" USING btree ("company_id") WHERE "payer_account"."is_default";--> statement-breakpoint
ALTER TABLE "remittance_run" ADD CONSTRAINT "remittance_run_payer_account_id_payer_account_id_fk" FOREIGN KEY ("payer_account_id") REFERENCES "public"."payer_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remittance_item_failed_idx" ON "remittance_item" USING btree ("document_id") WHERE "remittance_item"."bank_status" = 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "remittance_item_document_uq" ON "remittance_item" USING btree ("document_id") WHERE "remittance_item"."bank_status" is distinct from 'failed';--> statement-breakpoint
-- Runs remitted before the bank's answers were recorded count as paid: nobody will answer for them now.
UPDATE "remittance_item" AS i SET "bank_status" = 'paid', "bank_answered_at" = i."paid_at"
  FROM "remittance_run" AS r WHERE r."id" = i."run_id" AND r."step" = 'done';
