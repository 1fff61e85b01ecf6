CREATE TABLE "budget" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"cost_centre_id" integer NOT NULL,
	"expense_item_id" integer NOT NULL,
	"product_id" integer,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"limit_status" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_limit_status_ck" CHECK ("budget"."limit_status" in (0, 1, 2)),
	CONSTRAINT "budget_amount_ck" CHECK ("budget"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "budget_balance" (
	"budget_id" integer PRIMARY KEY NOT NULL,
	"held" numeric(18, 2) DEFAULT '0' NOT NULL,
	"reserved" numeric(18, 2) DEFAULT '0' NOT NULL,
	"consumed" numeric(18, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_detail" (
	"budget_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "budget_detail_budget_id_month_pk" PRIMARY KEY("budget_id","month"),
	CONSTRAINT "budget_detail_month_ck" CHECK ("budget_detail"."month" between 1 and 12),
	CONSTRAINT "budget_detail_amount_ck" CHECK ("budget_detail"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "budget_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"budget_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"held" numeric(18, 2) DEFAULT '0' NOT NULL,
	"reserved" numeric(18, 2) DEFAULT '0' NOT NULL,
	"consumed" numeric(18, 2) DEFAULT '0' NOT NULL,
	"source_document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"subject_id" integer NOT NULL,
	"expense_item_id" integer,
	"amount" numeric(18, 2) NOT NULL,
	"limit_status" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quota_amount_ck" CHECK ("quota"."amount" >= 0),
	CONSTRAINT "quota_limit_status_ck" CHECK ("quota"."limit_status" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "quota_detail" (
	"id" serial PRIMARY KEY NOT NULL,
	"quota_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quota_detail_month_ck" CHECK ("quota_detail"."month" between 1 and 12),
	CONSTRAINT "quota_detail_amount_ck" CHECK ("quota_detail"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quota_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"year" integer NOT NULL,
	"month" smallint NOT NULL,
	"subject_id" integer NOT NULL,
	"expense_item_id" integer DEFAULT 0 NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"state" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quota_usage" (
	"company_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"year" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"expense_item_id" integer DEFAULT 0 NOT NULL,
	"month" smallint NOT NULL,
	"held" numeric(18, 2) DEFAULT '0' NOT NULL,
	"consumed" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "quota_usage_company_id_kind_year_subject_id_expense_item_id_month_pk" PRIMARY KEY("company_id","kind","year","subject_id","expense_item_id","month"),
	CONSTRAINT "quota_usage_nonneg_ck" CHECK ("quota_usage"."held" >= 0 and "quota_usage"."consumed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_asp" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"product_id" integer NOT NULL,
	"standard_asp" numeric(16, 4) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"sales_date" date NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" numeric(18, 2) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"budget_amount" numeric(18, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "budget" ADD CONSTRAINT "budget_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget" ADD CONSTRAINT "budget_cost_centre_id_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget" ADD CONSTRAINT "budget_expense_item_id_expense_item_id_fk" FOREIGN KEY ("expense_item_id") REFERENCES "public"."expense_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget" ADD CONSTRAINT "budget_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_balance" ADD CONSTRAINT "budget_balance_budget_id_budget_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budget"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_detail" ADD CONSTRAINT "budget_detail_budget_id_budget_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budget"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_ledger" ADD CONSTRAINT "budget_ledger_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_ledger" ADD CONSTRAINT "budget_ledger_budget_id_budget_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budget"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_ledger" ADD CONSTRAINT "budget_ledger_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota" ADD CONSTRAINT "quota_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_detail" ADD CONSTRAINT "quota_detail_quota_id_quota_id_fk" FOREIGN KEY ("quota_id") REFERENCES "public"."quota"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_ledger" ADD CONSTRAINT "quota_ledger_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_ledger" ADD CONSTRAINT "quota_ledger_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_asp" ADD CONSTRAINT "sales_asp_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_asp" ADD CONSTRAINT "sales_asp_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budget_key_uq" ON "budget" USING btree ("company_id","year","cost_centre_id","expense_item_id",coalesce("product_id", 0));--> statement-breakpoint
CREATE INDEX "budget_company_year_idx" ON "budget" USING btree ("company_id","year","cost_centre_id");--> statement-breakpoint
CREATE INDEX "budget_ledger_document_idx" ON "budget_ledger" USING btree ("document_id","budget_id");--> statement-breakpoint
CREATE INDEX "budget_ledger_budget_idx" ON "budget_ledger" USING btree ("budget_id","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quota_subject_uq" ON "quota" USING btree ("company_id","year","kind","subject_id",coalesce("expense_item_id", 0));--> statement-breakpoint
CREATE INDEX "quota_kind_idx" ON "quota" USING btree ("company_id","kind","year");--> statement-breakpoint
CREATE UNIQUE INDEX "quota_detail_month_uq" ON "quota_detail" USING btree ("quota_id","month");--> statement-breakpoint
CREATE INDEX "quota_ledger_document_idx" ON "quota_ledger" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "quota_ledger_subject_idx" ON "quota_ledger" USING btree ("company_id","kind","year","subject_id","id") WHERE "quota_ledger"."state" <> 'released';--> statement-breakpoint
CREATE INDEX "quota_ledger_year_idx" ON "quota_ledger" USING btree ("company_id","kind","year","id") WHERE "quota_ledger"."state" <> 'released';--> statement-breakpoint
CREATE UNIQUE INDEX "sales_asp_uq" ON "sales_asp" USING btree ("company_id","month","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_daily_uq" ON "sales_daily" USING btree ("company_id","sales_date","product_id");--> statement-breakpoint
CREATE INDEX "sales_daily_product_idx" ON "sales_daily" USING btree ("company_id","product_id","sales_date");--> statement-breakpoint
CREATE INDEX "document_spend_idx" ON "document" USING btree ("company_id","doc_type","approved_at","status","expense_type_id","cost_centre_id","team_id","total_amount_cny") WHERE "document"."approved_at" is not null;--> statement-breakpoint
CREATE INDEX "expense_line_date_idx" ON "expense_line" USING btree ("expense_date","id");--> statement-breakpoint
CREATE INDEX "voucher_company_posted_doc_idx" ON "voucher" USING btree ("company_id","document_id") WHERE "voucher"."state" = 'posted';--> statement-breakpoint
CREATE INDEX "approval_step_acted_at_idx" ON "approval_step" USING btree ("acted_at","id") WHERE "approval_step"."acted_at" is not null;