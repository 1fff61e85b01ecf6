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
ALTER TABLE "remittance_item" ADD CONSTRAINT "remittance_item_run_id_remittance_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."remittance_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_item" ADD CONSTRAINT "remittance_item_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_item" ADD CONSTRAINT "remittance_item_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_run" ADD CONSTRAINT "remittance_run_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_run" ADD CONSTRAINT "remittance_run_voucher_id_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_run" ADD CONSTRAINT "remittance_run_remitted_by_employee_id_fk" FOREIGN KEY ("remitted_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_run" ADD CONSTRAINT "remittance_run_created_by_employee_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remittance_item_document_uq" ON "remittance_item" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "remittance_item_run_idx" ON "remittance_item" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "remittance_run_company_step_idx" ON "remittance_run" USING btree ("company_id","step");--> statement-breakpoint
CREATE UNIQUE INDEX "remittance_run_open_uq" ON "remittance_run" USING btree ("company_id") WHERE "remittance_run"."step" <> 'done';