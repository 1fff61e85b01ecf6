CREATE TABLE "erp_posting_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"document_types" jsonb NOT NULL,
	"required_fields" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_sim_counter" (
	"range" varchar(20) PRIMARY KEY NOT NULL,
	"next_no" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_sim_document" (
	"posting_ref" varchar(60) PRIMARY KEY NOT NULL,
	"erp_doc_no" varchar(40) NOT NULL,
	"company_code" varchar(20) NOT NULL,
	"received" integer DEFAULT 1 NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sap_vendor_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"account_type" varchar(20) NOT NULL,
	"vendor_no" varchar(10) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_code_mapping" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_type" varchar(20) NOT NULL,
	"rate" varchar(3) NOT NULL,
	"tax_code" varchar(2) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_entry" ADD COLUMN "tax_code" varchar(2);--> statement-breakpoint
ALTER TABLE "accounting_entry" ADD COLUMN "tax_base" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "cost_centre" ADD COLUMN "profit_centre" varchar(10);--> statement-breakpoint
ALTER TABLE "erp_posting_setting" ADD CONSTRAINT "erp_posting_setting_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sap_vendor_account" ADD CONSTRAINT "sap_vendor_account_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sap_vendor_account" ADD CONSTRAINT "sap_vendor_account_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_code_mapping" ADD CONSTRAINT "tax_code_mapping_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_posting_setting_company_uq" ON "erp_posting_setting" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_sim_document_no_uq" ON "erp_sim_document" USING btree ("erp_doc_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sap_vendor_account_employee_uq" ON "sap_vendor_account" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sap_vendor_account_no_uq" ON "sap_vendor_account" USING btree ("company_id","vendor_no");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_code_mapping_uq" ON "tax_code_mapping" USING btree ("company_id","invoice_type","rate");--> statement-breakpoint
-- Hand-written backfill: the simulator's number range goes on above every number a voucher already holds (numbers
-- given while the range was kept in memory), so no number is given twice after this migration.
INSERT INTO "erp_sim_counter" ("range", "next_no")
SELECT 'default', GREATEST(5100000000, COALESCE(MAX("erp_doc_no"::bigint) + 1, 0))
FROM "voucher" WHERE "erp_doc_no" ~ '^[0-9]{1,18}$';
