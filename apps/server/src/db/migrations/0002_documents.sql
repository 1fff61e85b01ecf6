CREATE TABLE "attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"kind" varchar(30) DEFAULT 'other' NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"uploaded_by" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"doc_type" varchar(10) NOT NULL,
	"doc_no" varchar(30) NOT NULL,
	"expense_type_id" integer,
	"applicant_id" integer NOT NULL,
	"preparer_id" integer NOT NULL,
	"team_id" integer,
	"cost_centre_id" integer,
	"internal_order_id" integer,
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"total_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_amount_cny" numeric(18, 2) DEFAULT '0' NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"reason" text,
	"start_date" date,
	"end_date" date,
	"apply_id" integer,
	"long_term" boolean DEFAULT false NOT NULL,
	"apply_stopped" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_loan_link" (
	"document_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "document_loan_link_document_id_loan_id_pk" PRIMARY KEY("document_id","loan_id")
);
--> statement-breakpoint
CREATE TABLE "document_number" (
	"company_id" integer NOT NULL,
	"doc_type" varchar(10) NOT NULL,
	"period" varchar(4) NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_number_company_id_doc_type_period_pk" PRIMARY KEY("company_id","doc_type","period")
);
--> statement-breakpoint
CREATE TABLE "expense_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"expense_item_id" integer,
	"expense_sub_item_id" integer,
	"expense_date" date,
	"amount" numeric(18, 2),
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"fx_rate" numeric(18, 6),
	"amount_cny" numeric(18, 2),
	"product_id" integer,
	"description" text,
	CONSTRAINT "expense_line_amount_ck" CHECK ("expense_line"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_key" (
	"key" varchar(100) NOT NULL,
	"user_id" integer NOT NULL,
	"route" varchar(120) NOT NULL,
	"status_code" integer NOT NULL,
	"response" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_key_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"from_status" varchar(20),
	"to_status" varchar(20) NOT NULL,
	"action" varchar(30) NOT NULL,
	"actor_id" integer,
	"principal_id" integer,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_step" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"round" integer NOT NULL,
	"seq" integer NOT NULL,
	"step_kind" varchar(30) NOT NULL,
	"approver_id" integer NOT NULL,
	"original_approver_id" integer,
	"status" varchar(20) DEFAULT 'waiting' NOT NULL,
	"acted_by" integer,
	"acted_at" timestamp with time zone,
	"pending_since" timestamp with time zone,
	"comment" text,
	"reason_key" varchar(100) NOT NULL,
	"name_zh" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proxy_grant" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"principal_id" integer NOT NULL,
	"proxy_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"freed_at" timestamp with time zone,
	"remark" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proxy_grant_dates_ck" CHECK ("proxy_grant"."start_date" <= "proxy_grant"."end_date"),
	CONSTRAINT "proxy_grant_self_ck" CHECK ("proxy_grant"."principal_id" <> "proxy_grant"."proxy_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_detail" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"step_kind" varchar(30) NOT NULL,
	"role_code" varchar(40),
	"person_id" integer,
	"min_amount" numeric(18, 2),
	"max_amount" numeric(18, 2),
	"expense_item_ids" integer[],
	"hcp_only" boolean DEFAULT false NOT NULL,
	"overseas_only" boolean DEFAULT false NOT NULL,
	"name_zh" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"doc_type" varchar(10) NOT NULL,
	"expense_type_id" integer,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_uploaded_by_employee_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_expense_type_id_expense_type_id_fk" FOREIGN KEY ("expense_type_id") REFERENCES "public"."expense_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_applicant_id_employee_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_preparer_id_employee_id_fk" FOREIGN KEY ("preparer_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_cost_centre_id_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_internal_order_id_internal_order_id_fk" FOREIGN KEY ("internal_order_id") REFERENCES "public"."internal_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_loan_link" ADD CONSTRAINT "document_loan_link_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_loan_link" ADD CONSTRAINT "document_loan_link_loan_id_document_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."document"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_line" ADD CONSTRAINT "expense_line_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_line" ADD CONSTRAINT "expense_line_expense_item_id_expense_item_id_fk" FOREIGN KEY ("expense_item_id") REFERENCES "public"."expense_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_line" ADD CONSTRAINT "expense_line_expense_sub_item_id_expense_sub_item_id_fk" FOREIGN KEY ("expense_sub_item_id") REFERENCES "public"."expense_sub_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_line" ADD CONSTRAINT "expense_line_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_history" ADD CONSTRAINT "status_history_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_step" ADD CONSTRAINT "approval_step_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_step" ADD CONSTRAINT "approval_step_approver_id_employee_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_step" ADD CONSTRAINT "approval_step_original_approver_id_employee_id_fk" FOREIGN KEY ("original_approver_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_step" ADD CONSTRAINT "approval_step_acted_by_employee_id_fk" FOREIGN KEY ("acted_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_grant" ADD CONSTRAINT "proxy_grant_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_grant" ADD CONSTRAINT "proxy_grant_principal_id_employee_id_fk" FOREIGN KEY ("principal_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_grant" ADD CONSTRAINT "proxy_grant_proxy_id_employee_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_detail" ADD CONSTRAINT "workflow_detail_workflow_id_workflow_setting_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow_setting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_detail" ADD CONSTRAINT "workflow_detail_person_id_employee_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_setting" ADD CONSTRAINT "workflow_setting_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_setting" ADD CONSTRAINT "workflow_setting_expense_type_id_expense_type_id_fk" FOREIGN KEY ("expense_type_id") REFERENCES "public"."expense_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachment_document_idx" ON "attachment" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_company_no_uq" ON "document" USING btree ("company_id","doc_no");--> statement-breakpoint
CREATE INDEX "document_applicant_idx" ON "document" USING btree ("applicant_id","status");--> statement-breakpoint
CREATE INDEX "document_preparer_idx" ON "document" USING btree ("preparer_id");--> statement-breakpoint
CREATE INDEX "document_company_status_idx" ON "document" USING btree ("company_id","status","doc_type");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_line_no_uq" ON "expense_line" USING btree ("document_id","line_no");--> statement-breakpoint
CREATE INDEX "expense_line_item_idx" ON "expense_line" USING btree ("expense_item_id","expense_date");--> statement-breakpoint
CREATE INDEX "status_history_document_idx" ON "status_history" USING btree ("document_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_step_uq" ON "approval_step" USING btree ("document_id","round","seq");--> statement-breakpoint
CREATE INDEX "approval_step_pending_idx" ON "approval_step" USING btree ("approver_id","status");--> statement-breakpoint
CREATE INDEX "proxy_grant_proxy_idx" ON "proxy_grant" USING btree ("kind","proxy_id");--> statement-breakpoint
CREATE INDEX "proxy_grant_principal_idx" ON "proxy_grant" USING btree ("kind","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_detail_seq_uq" ON "workflow_detail" USING btree ("workflow_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_setting_code_uq" ON "workflow_setting" USING btree ("company_id","code");