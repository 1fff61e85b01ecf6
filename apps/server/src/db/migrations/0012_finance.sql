CREATE TABLE "fixed_asset" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"asset_no" varchar(40) NOT NULL,
	"line_no" integer NOT NULL,
	"seq" integer NOT NULL,
	"expense_item_id" integer,
	"description" varchar(500),
	"cost_centre_id" integer,
	"product_id" integer,
	"employee_id" integer,
	"acquired_on" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"gl_account" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fixed_asset_amount_ck" CHECK ("fixed_asset"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "accounting_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"side" varchar(1) NOT NULL,
	"gl_account" varchar(20) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"amount_original" numeric(18, 2),
	"fx_rate" numeric(18, 6),
	"cost_centre_id" integer,
	"internal_order_id" integer,
	"product_id" integer,
	"employee_id" integer,
	"text" varchar(200),
	CONSTRAINT "accounting_entry_amount_ck" CHECK ("accounting_entry"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "voucher" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"document_id" integer,
	"kind" varchar(20) NOT NULL,
	"posting_date" date NOT NULL,
	"period" varchar(7) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"state" varchar(10) DEFAULT 'open' NOT NULL,
	"posting_ref" varchar(60) NOT NULL,
	"erp_doc_no" varchar(40),
	"last_error" varchar(1000),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_adjustment" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"reason" text NOT NULL,
	"state" varchar(10) DEFAULT 'draft' NOT NULL,
	"voucher_id" integer,
	"reversal_voucher_id" integer,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_adjustment_amount_ck" CHECK ("vat_adjustment"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_balance_movement" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"deputy_id" integer,
	"reverses_id" integer,
	"voucher_id" integer,
	"booked_on" date NOT NULL,
	"actor_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_movement_amount_ck" CHECK ("loan_balance_movement"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "erp_call_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"document_id" integer,
	"outbound_job_id" integer,
	"posting_ref" varchar(60) NOT NULL,
	"gateway" varchar(300) NOT NULL,
	"request" jsonb NOT NULL,
	"response" jsonb,
	"outcome" varchar(12) DEFAULT 'pending' NOT NULL,
	"erp_doc_no" varchar(40),
	"error" varchar(1000),
	"duration_ms" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "posting_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"document_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posting_batch_voucher" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"document_id" integer
);
--> statement-breakpoint
CREATE TABLE "remittance_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"payee_kind" varchar(10) NOT NULL,
	"employee_id" integer NOT NULL,
	"payee_code" varchar(40),
	"payee_name" varchar(200) NOT NULL,
	"bank_name" varchar(100),
	"bank_account" varchar(40),
	"amount" numeric(18, 2) NOT NULL,
	"line_no" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remittance_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"payment_method" varchar(10) NOT NULL,
	"crediting_date" date NOT NULL,
	"audit_method" varchar(10) NOT NULL,
	"step" varchar(10) DEFAULT 'documents' NOT NULL,
	"voucher_id" integer,
	"printed_at" timestamp with time zone,
	"remitted_at" timestamp with time zone,
	"remitted_by" integer,
	"bank_file" varchar(200),
	"bank_sent_at" timestamp with time zone,
	"post_remark" varchar(500),
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_return" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"source" varchar(12) NOT NULL,
	"reason_id" integer,
	"comment" varchar(500),
	"returned_by" integer,
	"returned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version_after" integer NOT NULL,
	"state" varchar(12) DEFAULT 'open' NOT NULL,
	"paper_sent_at" date,
	"tracking_no" varchar(60),
	"remark" varchar(500),
	"re_received_at" timestamp with time zone,
	"re_received_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_return_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"reason_id" integer NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "review_case" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"assignee_id" integer,
	"hold_reason_id" integer,
	"hold_comment" varchar(500),
	"held_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fixed_asset" ADD CONSTRAINT "fixed_asset_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_asset" ADD CONSTRAINT "fixed_asset_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_asset" ADD CONSTRAINT "fixed_asset_voucher_id_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_entry" ADD CONSTRAINT "accounting_entry_voucher_id_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher" ADD CONSTRAINT "voucher_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher" ADD CONSTRAINT "voucher_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_adjustment" ADD CONSTRAINT "vat_adjustment_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_adjustment" ADD CONSTRAINT "vat_adjustment_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_adjustment" ADD CONSTRAINT "vat_adjustment_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_adjustment" ADD CONSTRAINT "vat_adjustment_voucher_id_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_adjustment" ADD CONSTRAINT "vat_adjustment_reversal_voucher_id_voucher_id_fk" FOREIGN KEY ("reversal_voucher_id") REFERENCES "public"."voucher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_adjustment" ADD CONSTRAINT "vat_adjustment_created_by_employee_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_balance_movement" ADD CONSTRAINT "loan_balance_movement_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_balance_movement" ADD CONSTRAINT "loan_balance_movement_loan_id_document_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_balance_movement" ADD CONSTRAINT "loan_balance_movement_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_balance_movement" ADD CONSTRAINT "loan_balance_movement_deputy_id_document_id_fk" FOREIGN KEY ("deputy_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_balance_movement" ADD CONSTRAINT "loan_balance_movement_voucher_id_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_balance_movement" ADD CONSTRAINT "loan_balance_movement_actor_id_employee_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_call_log" ADD CONSTRAINT "erp_call_log_voucher_id_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_batch" ADD CONSTRAINT "posting_batch_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_batch_voucher" ADD CONSTRAINT "posting_batch_voucher_batch_id_posting_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."posting_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_batch_voucher" ADD CONSTRAINT "posting_batch_voucher_voucher_id_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_batch_voucher" ADD CONSTRAINT "posting_batch_voucher_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_item" ADD CONSTRAINT "remittance_item_run_id_remittance_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."remittance_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_item" ADD CONSTRAINT "remittance_item_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_item" ADD CONSTRAINT "remittance_item_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_run" ADD CONSTRAINT "remittance_run_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_run" ADD CONSTRAINT "remittance_run_voucher_id_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_run" ADD CONSTRAINT "remittance_run_remitted_by_employee_id_fk" FOREIGN KEY ("remitted_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_run" ADD CONSTRAINT "remittance_run_created_by_employee_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_return" ADD CONSTRAINT "document_return_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_return" ADD CONSTRAINT "document_return_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_return" ADD CONSTRAINT "document_return_reason_id_base_info_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."base_info"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_return" ADD CONSTRAINT "document_return_returned_by_employee_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_return" ADD CONSTRAINT "document_return_re_received_by_employee_id_fk" FOREIGN KEY ("re_received_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_return_item" ADD CONSTRAINT "document_return_item_return_id_document_return_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."document_return"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_return_item" ADD CONSTRAINT "document_return_item_reason_id_base_info_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."base_info"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_case" ADD CONSTRAINT "review_case_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_case" ADD CONSTRAINT "review_case_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_case" ADD CONSTRAINT "review_case_assignee_id_employee_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_case" ADD CONSTRAINT "review_case_hold_reason_id_base_info_id_fk" FOREIGN KEY ("hold_reason_id") REFERENCES "public"."base_info"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fixed_asset_no_uq" ON "fixed_asset" USING btree ("asset_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fixed_asset_voucher_line_uq" ON "fixed_asset" USING btree ("voucher_id","line_no","seq");--> statement-breakpoint
CREATE INDEX "fixed_asset_company_date_idx" ON "fixed_asset" USING btree ("company_id","acquired_on");--> statement-breakpoint
CREATE INDEX "fixed_asset_document_idx" ON "fixed_asset" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_entry_line_uq" ON "accounting_entry" USING btree ("voucher_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_posting_ref_uq" ON "voucher" USING btree ("posting_ref");--> statement-breakpoint
CREATE INDEX "voucher_document_idx" ON "voucher" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "voucher_company_state_idx" ON "voucher" USING btree ("company_id","state","kind");--> statement-breakpoint
CREATE INDEX "vat_adjustment_invoice_idx" ON "vat_adjustment" USING btree ("invoice_id","state");--> statement-breakpoint
CREATE INDEX "vat_adjustment_company_idx" ON "vat_adjustment" USING btree ("company_id","state");--> statement-breakpoint
CREATE INDEX "loan_movement_loan_idx" ON "loan_balance_movement" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "loan_movement_company_employee_idx" ON "loan_balance_movement" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_movement_advance_uq" ON "loan_balance_movement" USING btree ("loan_id") WHERE kind = 'advance';--> statement-breakpoint
CREATE UNIQUE INDEX "loan_movement_write_off_uq" ON "loan_balance_movement" USING btree ("loan_id","deputy_id") WHERE kind = 'write_off';--> statement-breakpoint
CREATE UNIQUE INDEX "loan_movement_cancel_uq" ON "loan_balance_movement" USING btree ("reverses_id") WHERE kind = 'write_off_cancel';--> statement-breakpoint
CREATE INDEX "erp_call_log_company_idx" ON "erp_call_log" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "erp_call_log_voucher_idx" ON "erp_call_log" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "erp_call_log_job_idx" ON "erp_call_log" USING btree ("outbound_job_id");--> statement-breakpoint
CREATE INDEX "posting_batch_company_idx" ON "posting_batch" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "posting_batch_voucher_uq" ON "posting_batch_voucher" USING btree ("batch_id","voucher_id");--> statement-breakpoint
CREATE INDEX "posting_batch_voucher_voucher_idx" ON "posting_batch_voucher" USING btree ("voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remittance_item_document_uq" ON "remittance_item" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "remittance_item_run_idx" ON "remittance_item" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "remittance_run_company_step_idx" ON "remittance_run" USING btree ("company_id","step");--> statement-breakpoint
CREATE UNIQUE INDEX "remittance_run_open_uq" ON "remittance_run" USING btree ("company_id") WHERE "remittance_run"."step" <> 'done';--> statement-breakpoint
CREATE INDEX "document_return_company_idx" ON "document_return" USING btree ("company_id","state","returned_at");--> statement-breakpoint
CREATE INDEX "document_return_document_idx" ON "document_return" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_return_item_line_uq" ON "document_return_item" USING btree ("return_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "review_case_document_uq" ON "review_case" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "review_case_assignee_idx" ON "review_case" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "approval_step_waiting_idx" ON "approval_step" USING btree ("approver_id","pending_since","document_id" DESC NULLS LAST) WHERE "approval_step"."status" = 'pending';