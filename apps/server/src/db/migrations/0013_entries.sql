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
ALTER TABLE "fixed_asset" ADD CONSTRAINT "fixed_asset_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_asset" ADD CONSTRAINT "fixed_asset_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_asset" ADD CONSTRAINT "fixed_asset_voucher_id_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_adjustment" ADD CONSTRAINT "vat_adjustment_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_adjustment" ADD CONSTRAINT "vat_adjustment_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_adjustment" ADD CONSTRAINT "vat_adjustment_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_adjustment" ADD CONSTRAINT "vat_adjustment_voucher_id_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_adjustment" ADD CONSTRAINT "vat_adjustment_reversal_voucher_id_voucher_id_fk" FOREIGN KEY ("reversal_voucher_id") REFERENCES "public"."voucher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_adjustment" ADD CONSTRAINT "vat_adjustment_created_by_employee_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fixed_asset_no_uq" ON "fixed_asset" USING btree ("asset_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fixed_asset_voucher_line_uq" ON "fixed_asset" USING btree ("voucher_id","line_no","seq");--> statement-breakpoint
CREATE INDEX "fixed_asset_company_date_idx" ON "fixed_asset" USING btree ("company_id","acquired_on");--> statement-breakpoint
CREATE INDEX "fixed_asset_document_idx" ON "fixed_asset" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "vat_adjustment_invoice_idx" ON "vat_adjustment" USING btree ("invoice_id","state");--> statement-breakpoint
CREATE INDEX "vat_adjustment_company_idx" ON "vat_adjustment" USING btree ("company_id","state");