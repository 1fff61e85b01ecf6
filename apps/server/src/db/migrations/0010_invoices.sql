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
ALTER TABLE "company" ADD COLUMN "tax_id" varchar(20);--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_owner_id_employee_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_item" ADD CONSTRAINT "invoice_item_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt" ADD CONSTRAINT "receipt_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_owner_key_uq" ON "invoice" USING btree ("company_id","owner_id","invoice_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_claim_uq" ON "invoice" USING btree ("company_id","invoice_key") WHERE "invoice"."claim" is not null and "invoice"."document_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_document_idx" ON "invoice" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "invoice_owner_idx" ON "invoice" USING btree ("owner_id","invoice_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_item_line_uq" ON "invoice_item" USING btree ("invoice_id","line_no");--> statement-breakpoint
CREATE INDEX "receipt_document_idx" ON "receipt" USING btree ("document_id");