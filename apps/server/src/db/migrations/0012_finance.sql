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
ALTER TABLE "accounting_entry" ADD CONSTRAINT "accounting_entry_voucher_id_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher" ADD CONSTRAINT "voucher_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher" ADD CONSTRAINT "voucher_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_entry_line_uq" ON "accounting_entry" USING btree ("voucher_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_posting_ref_uq" ON "voucher" USING btree ("posting_ref");--> statement-breakpoint
CREATE INDEX "voucher_document_idx" ON "voucher" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "voucher_company_state_idx" ON "voucher" USING btree ("company_id","state","kind");