CREATE TABLE "business_card" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"card_no" varchar(32) NOT NULL,
	"holder_name" varchar(100) DEFAULT '' NOT NULL,
	"valid_until" date,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_transaction" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"issuer_ref" varchar(64) NOT NULL,
	"trans_date" date NOT NULL,
	"merchant" varchar(200) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"claim_document_id" integer,
	"deduction_run_id" integer,
	"settled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_transaction_amount_ck" CHECK ("card_transaction"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "ride_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"provider" varchar(40) NOT NULL,
	"order_no" varchar(64) NOT NULL,
	"order_date" date NOT NULL,
	"from_place" varchar(200) NOT NULL,
	"to_place" varchar(200) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"claim_document_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_order_amount_ck" CHECK ("ride_order"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "remittance_item" ADD COLUMN "deducted" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_card" ADD CONSTRAINT "business_card_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_card" ADD CONSTRAINT "business_card_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transaction" ADD CONSTRAINT "card_transaction_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transaction" ADD CONSTRAINT "card_transaction_card_id_business_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."business_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transaction" ADD CONSTRAINT "card_transaction_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transaction" ADD CONSTRAINT "card_transaction_claim_document_id_document_id_fk" FOREIGN KEY ("claim_document_id") REFERENCES "public"."document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transaction" ADD CONSTRAINT "card_transaction_deduction_run_id_remittance_run_id_fk" FOREIGN KEY ("deduction_run_id") REFERENCES "public"."remittance_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_order" ADD CONSTRAINT "ride_order_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_order" ADD CONSTRAINT "ride_order_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_order" ADD CONSTRAINT "ride_order_claim_document_id_document_id_fk" FOREIGN KEY ("claim_document_id") REFERENCES "public"."document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_card_no_uq" ON "business_card" USING btree ("company_id","card_no") WHERE "business_card"."active";--> statement-breakpoint
CREATE INDEX "business_card_employee_idx" ON "business_card" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_transaction_ref_uq" ON "card_transaction" USING btree ("company_id","issuer_ref");--> statement-breakpoint
CREATE INDEX "card_transaction_employee_idx" ON "card_transaction" USING btree ("employee_id","trans_date");--> statement-breakpoint
CREATE INDEX "card_transaction_card_idx" ON "card_transaction" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "card_transaction_private_idx" ON "card_transaction" USING btree ("employee_id") WHERE "card_transaction"."status" = 'private' and "card_transaction"."settled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ride_order_no_uq" ON "ride_order" USING btree ("company_id","provider","order_no");--> statement-breakpoint
CREATE INDEX "ride_order_employee_idx" ON "ride_order" USING btree ("employee_id","order_date");