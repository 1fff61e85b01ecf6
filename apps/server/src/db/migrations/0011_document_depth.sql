CREATE TABLE "apply_block" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"event_date" date NOT NULL,
	"due_date" date NOT NULL,
	"blocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unlock_reason" text,
	"reason_by" integer,
	"reason_at" timestamp with time zone,
	"resolution" varchar(20),
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "goods_receipt" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"milestone_id" integer,
	"gr_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"description" text,
	"claim_id" integer,
	"created_by" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_receipt_amount_ck" CHECK ("goods_receipt"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "milestone" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"planned_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestone_amount_ck" CHECK ("milestone"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "document_clinical_hco" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"hco_id" integer NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_customer" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"hcp_id" integer,
	"hco_id" integer,
	"reason_id" integer,
	"amount" numeric(18, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_customer_one_ck" CHECK (("document_customer"."hcp_id" is null) <> ("document_customer"."hco_id" is null))
);
--> statement-breakpoint
CREATE TABLE "lecturer_agreement" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"hcp_id" integer NOT NULL,
	"meeting_name" varchar(200) NOT NULL,
	"meeting_date" date NOT NULL,
	"topic" varchar(200),
	"fee_basis" varchar(10) NOT NULL,
	"fee_before_tax" numeric(18, 2) NOT NULL,
	"tax" numeric(18, 2) NOT NULL,
	"fee_after_tax" numeric(18, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecturer_agreement_fee_ck" CHECK ("lecturer_agreement"."fee_before_tax" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"document_id" integer,
	"invoice_type" varchar(20) NOT NULL,
	"code" varchar(12) DEFAULT '' NOT NULL,
	"number" varchar(21) NOT NULL,
	"invoice_key" varchar(40) NOT NULL,
	"invoice_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"tax_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"fuel_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(18, 2) NOT NULL,
	"deductible_vat" numeric(18, 2) DEFAULT '0' NOT NULL,
	"check_code" varchar(20) DEFAULT '' NOT NULL,
	"buyer_name" varchar(200) DEFAULT '' NOT NULL,
	"buyer_tax_id" varchar(20) DEFAULT '' NOT NULL,
	"seller_name" varchar(200) DEFAULT '' NOT NULL,
	"seller_tax_id" varchar(20) DEFAULT '' NOT NULL,
	"electronic" boolean DEFAULT false NOT NULL,
	"source" varchar(10) DEFAULT 'manual' NOT NULL,
	"qr_text" text,
	"verify_status" varchar(20) DEFAULT 'not_verified' NOT NULL,
	"verify_message" varchar(500),
	"verified_at" timestamp with time zone,
	"claim" varchar(10),
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_amount_ck" CHECK ("invoice"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"specification" varchar(100) DEFAULT '' NOT NULL,
	"quantity" numeric(18, 6),
	"amount" numeric(18, 2) NOT NULL,
	"tax_rate" numeric(6, 4),
	"tax_amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"receipt_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"issuer" varchar(200) NOT NULL,
	"description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_amount_ck" CHECK ("receipt"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "air_ticket_share" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"ticket_no" varchar(30) NOT NULL,
	"ticket_amount" numeric(18, 2) NOT NULL,
	"employee_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apportionment" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"line_no" integer,
	"seq" integer NOT NULL,
	"cost_centre_id" integer NOT NULL,
	"product_id" integer,
	"percent" numeric(5, 2) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "apportionment_percent_ck" CHECK ("apportionment"."percent" > 0 and "apportionment"."percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "pay_detail" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"payee_kind" varchar(10) NOT NULL,
	"vendor_code" varchar(40),
	"vendor_name" varchar(200),
	"bank_name" varchar(100),
	"bank_account" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"po_no" varchar(30) NOT NULL,
	"provider_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_amount_ck" CHECK ("purchase_order"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "trip" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"from_city" varchar(100) NOT NULL,
	"to_city" varchar(100) NOT NULL,
	"depart_date" date NOT NULL,
	"arrive_date" date NOT NULL,
	"transport" varchar(10) NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"clerk_id" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_receipt" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"received_by" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_coverage" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"hcp_id" integer,
	"hco_id" integer,
	CONSTRAINT "customer_coverage_one_ck" CHECK (("customer_coverage"."hcp_id" is null) <> ("customer_coverage"."hco_id" is null))
);
--> statement-breakpoint
CREATE TABLE "customer_hco" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"level" varchar(40),
	"city" varchar(100),
	"clinical_trial" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_hcp" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"hco_id" integer,
	"title" varchar(100),
	"department" varchar(100),
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachment" ADD COLUMN "goods_receipt_id" integer;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "tax_id" varchar(20);--> statement-breakpoint
ALTER TABLE "apply_block" ADD CONSTRAINT "apply_block_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_block" ADD CONSTRAINT "apply_block_reason_by_employee_id_fk" FOREIGN KEY ("reason_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_block" ADD CONSTRAINT "apply_block_resolved_by_employee_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt" ADD CONSTRAINT "goods_receipt_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt" ADD CONSTRAINT "goods_receipt_milestone_id_milestone_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestone"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt" ADD CONSTRAINT "goods_receipt_claim_id_document_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt" ADD CONSTRAINT "goods_receipt_created_by_employee_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone" ADD CONSTRAINT "milestone_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_clinical_hco" ADD CONSTRAINT "document_clinical_hco_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_clinical_hco" ADD CONSTRAINT "document_clinical_hco_hco_id_customer_hco_id_fk" FOREIGN KEY ("hco_id") REFERENCES "public"."customer_hco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_customer" ADD CONSTRAINT "document_customer_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_customer" ADD CONSTRAINT "document_customer_hcp_id_customer_hcp_id_fk" FOREIGN KEY ("hcp_id") REFERENCES "public"."customer_hcp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_customer" ADD CONSTRAINT "document_customer_hco_id_customer_hco_id_fk" FOREIGN KEY ("hco_id") REFERENCES "public"."customer_hco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_customer" ADD CONSTRAINT "document_customer_reason_id_base_info_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."base_info"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturer_agreement" ADD CONSTRAINT "lecturer_agreement_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturer_agreement" ADD CONSTRAINT "lecturer_agreement_hcp_id_customer_hcp_id_fk" FOREIGN KEY ("hcp_id") REFERENCES "public"."customer_hcp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_owner_id_employee_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_item" ADD CONSTRAINT "invoice_item_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt" ADD CONSTRAINT "receipt_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_ticket_share" ADD CONSTRAINT "air_ticket_share_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_ticket_share" ADD CONSTRAINT "air_ticket_share_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apportionment" ADD CONSTRAINT "apportionment_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apportionment" ADD CONSTRAINT "apportionment_cost_centre_id_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apportionment" ADD CONSTRAINT "apportionment_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_detail" ADD CONSTRAINT "pay_detail_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_provider_id_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."provider"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip" ADD CONSTRAINT "trip_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_batch" ADD CONSTRAINT "post_batch_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_batch" ADD CONSTRAINT "post_batch_clerk_id_employee_id_fk" FOREIGN KEY ("clerk_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_receipt" ADD CONSTRAINT "post_receipt_batch_id_post_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."post_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_receipt" ADD CONSTRAINT "post_receipt_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_receipt" ADD CONSTRAINT "post_receipt_received_by_employee_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coverage" ADD CONSTRAINT "customer_coverage_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coverage" ADD CONSTRAINT "customer_coverage_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coverage" ADD CONSTRAINT "customer_coverage_hcp_id_customer_hcp_id_fk" FOREIGN KEY ("hcp_id") REFERENCES "public"."customer_hcp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coverage" ADD CONSTRAINT "customer_coverage_hco_id_customer_hco_id_fk" FOREIGN KEY ("hco_id") REFERENCES "public"."customer_hco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_hco" ADD CONSTRAINT "customer_hco_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_hcp" ADD CONSTRAINT "customer_hcp_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_hcp" ADD CONSTRAINT "customer_hcp_hco_id_customer_hco_id_fk" FOREIGN KEY ("hco_id") REFERENCES "public"."customer_hco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apply_block_document_uq" ON "apply_block" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "goods_receipt_document_idx" ON "goods_receipt" USING btree ("document_id","gr_date");--> statement-breakpoint
CREATE INDEX "goods_receipt_claim_idx" ON "goods_receipt" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "milestone_document_idx" ON "milestone" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_clinical_hco_uq" ON "document_clinical_hco" USING btree ("document_id","hco_id");--> statement-breakpoint
CREATE INDEX "document_clinical_hco_idx" ON "document_clinical_hco" USING btree ("hco_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_customer_hcp_uq" ON "document_customer" USING btree ("document_id","line_no","hcp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_customer_hco_uq" ON "document_customer" USING btree ("document_id","line_no","hco_id");--> statement-breakpoint
CREATE INDEX "document_customer_hcp_idx" ON "document_customer" USING btree ("hcp_id");--> statement-breakpoint
CREATE INDEX "document_customer_hco_idx" ON "document_customer" USING btree ("hco_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lecturer_agreement_uq" ON "lecturer_agreement" USING btree ("document_id","hcp_id","meeting_name");--> statement-breakpoint
CREATE INDEX "lecturer_agreement_hcp_idx" ON "lecturer_agreement" USING btree ("hcp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_owner_key_uq" ON "invoice" USING btree ("company_id","owner_id","invoice_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_claim_uq" ON "invoice" USING btree ("company_id","invoice_key") WHERE "invoice"."claim" is not null and "invoice"."document_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_document_idx" ON "invoice" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "invoice_owner_idx" ON "invoice" USING btree ("owner_id","invoice_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_item_line_uq" ON "invoice_item" USING btree ("invoice_id","line_no");--> statement-breakpoint
CREATE INDEX "receipt_document_idx" ON "receipt" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "air_ticket_share_uq" ON "air_ticket_share" USING btree ("document_id","ticket_no","employee_id");--> statement-breakpoint
CREATE INDEX "apportionment_document_idx" ON "apportionment" USING btree ("document_id","line_no","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_detail_document_uq" ON "pay_detail" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "pay_detail_vendor_idx" ON "pay_detail" USING btree ("vendor_code");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_document_no_uq" ON "purchase_order" USING btree ("document_id","po_no");--> statement-breakpoint
CREATE INDEX "trip_document_idx" ON "trip" USING btree ("document_id","depart_date");--> statement-breakpoint
CREATE UNIQUE INDEX "post_batch_open_uq" ON "post_batch" USING btree ("company_id","clerk_id") WHERE "post_batch"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "post_receipt_document_uq" ON "post_receipt" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "post_receipt_batch_idx" ON "post_receipt" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_coverage_hcp_uq" ON "customer_coverage" USING btree ("employee_id","hcp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_coverage_hco_uq" ON "customer_coverage" USING btree ("employee_id","hco_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_hco_company_code_uq" ON "customer_hco" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_hcp_company_code_uq" ON "customer_hcp" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "customer_hcp_hco_idx" ON "customer_hcp" USING btree ("hco_id");--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_goods_receipt_id_goods_receipt_id_fk" FOREIGN KEY ("goods_receipt_id") REFERENCES "public"."goods_receipt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachment_gr_idx" ON "attachment" USING btree ("goods_receipt_id");