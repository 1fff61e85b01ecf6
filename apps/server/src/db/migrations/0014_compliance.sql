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
ALTER TABLE "quota" ADD CONSTRAINT "quota_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_detail" ADD CONSTRAINT "quota_detail_quota_id_quota_id_fk" FOREIGN KEY ("quota_id") REFERENCES "public"."quota"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_ledger" ADD CONSTRAINT "quota_ledger_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_ledger" ADD CONSTRAINT "quota_ledger_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quota_subject_uq" ON "quota" USING btree ("company_id","year","kind","subject_id",coalesce("expense_item_id", 0));--> statement-breakpoint
CREATE INDEX "quota_kind_idx" ON "quota" USING btree ("company_id","kind","year");--> statement-breakpoint
CREATE UNIQUE INDEX "quota_detail_month_uq" ON "quota_detail" USING btree ("quota_id","month");--> statement-breakpoint
CREATE INDEX "quota_ledger_document_idx" ON "quota_ledger" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "quota_ledger_subject_idx" ON "quota_ledger" USING btree ("company_id","kind","year","subject_id","id") WHERE "quota_ledger"."state" <> 'released';--> statement-breakpoint
CREATE INDEX "quota_ledger_year_idx" ON "quota_ledger" USING btree ("company_id","kind","year","id") WHERE "quota_ledger"."state" <> 'released';