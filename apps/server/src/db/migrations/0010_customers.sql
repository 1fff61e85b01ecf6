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
ALTER TABLE "document_clinical_hco" ADD CONSTRAINT "document_clinical_hco_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_clinical_hco" ADD CONSTRAINT "document_clinical_hco_hco_id_customer_hco_id_fk" FOREIGN KEY ("hco_id") REFERENCES "public"."customer_hco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_customer" ADD CONSTRAINT "document_customer_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_customer" ADD CONSTRAINT "document_customer_hcp_id_customer_hcp_id_fk" FOREIGN KEY ("hcp_id") REFERENCES "public"."customer_hcp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_customer" ADD CONSTRAINT "document_customer_hco_id_customer_hco_id_fk" FOREIGN KEY ("hco_id") REFERENCES "public"."customer_hco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_customer" ADD CONSTRAINT "document_customer_reason_id_base_info_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."base_info"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturer_agreement" ADD CONSTRAINT "lecturer_agreement_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturer_agreement" ADD CONSTRAINT "lecturer_agreement_hcp_id_customer_hcp_id_fk" FOREIGN KEY ("hcp_id") REFERENCES "public"."customer_hcp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coverage" ADD CONSTRAINT "customer_coverage_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coverage" ADD CONSTRAINT "customer_coverage_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coverage" ADD CONSTRAINT "customer_coverage_hcp_id_customer_hcp_id_fk" FOREIGN KEY ("hcp_id") REFERENCES "public"."customer_hcp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coverage" ADD CONSTRAINT "customer_coverage_hco_id_customer_hco_id_fk" FOREIGN KEY ("hco_id") REFERENCES "public"."customer_hco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_hco" ADD CONSTRAINT "customer_hco_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_hcp" ADD CONSTRAINT "customer_hcp_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_hcp" ADD CONSTRAINT "customer_hcp_hco_id_customer_hco_id_fk" FOREIGN KEY ("hco_id") REFERENCES "public"."customer_hco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_clinical_hco_uq" ON "document_clinical_hco" USING btree ("document_id","hco_id");--> statement-breakpoint
CREATE INDEX "document_clinical_hco_idx" ON "document_clinical_hco" USING btree ("hco_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_customer_hcp_uq" ON "document_customer" USING btree ("document_id","line_no","hcp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_customer_hco_uq" ON "document_customer" USING btree ("document_id","line_no","hco_id");--> statement-breakpoint
CREATE INDEX "document_customer_hcp_idx" ON "document_customer" USING btree ("hcp_id");--> statement-breakpoint
CREATE INDEX "document_customer_hco_idx" ON "document_customer" USING btree ("hco_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lecturer_agreement_uq" ON "lecturer_agreement" USING btree ("document_id","hcp_id","meeting_name");--> statement-breakpoint
CREATE INDEX "lecturer_agreement_hcp_idx" ON "lecturer_agreement" USING btree ("hcp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_coverage_hcp_uq" ON "customer_coverage" USING btree ("employee_id","hcp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_coverage_hco_uq" ON "customer_coverage" USING btree ("employee_id","hco_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_hco_company_code_uq" ON "customer_hco" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_hcp_company_code_uq" ON "customer_hcp" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "customer_hcp_hco_idx" ON "customer_hcp" USING btree ("hco_id");