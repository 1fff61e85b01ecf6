CREATE TABLE "cost_centre" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"sap_code" varchar(40),
	"type" varchar(30) DEFAULT 'sales' NOT NULL,
	"owner_team_id" integer,
	"status" varchar(10) DEFAULT 'started' NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_centre_allotment" (
	"id" serial PRIMARY KEY NOT NULL,
	"cost_centre_id" integer NOT NULL,
	"target_cost_centre_id" integer NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "cost_centre_allotment_percent_ck" CHECK ("cost_centre_allotment"."percent" > 0 and "cost_centre_allotment"."percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "cost_centre_form_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"cost_centre_id" integer NOT NULL,
	"doc_type" varchar(10) NOT NULL,
	"seq" integer NOT NULL,
	"employee_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_centre_head" (
	"id" serial PRIMARY KEY NOT NULL,
	"cost_centre_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"seq" integer DEFAULT 1 NOT NULL,
	"amount_limit" numeric(18, 2)
);
--> statement-breakpoint
CREATE TABLE "cost_centre_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"cost_centre_id" integer NOT NULL,
	"action" varchar(40) NOT NULL,
	"actor_id" integer,
	"snapshot" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_centre_mapping" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"source_code" varchar(40) NOT NULL,
	"cost_centre_id" integer NOT NULL,
	"description" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "fund_permission" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer,
	"team_id" integer,
	"cost_centre_id" integer,
	"internal_order_id" integer,
	"valid_from" date,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_permission_grantee_ck" CHECK (("fund_permission"."employee_id" is null) <> ("fund_permission"."team_id" is null)),
	CONSTRAINT "fund_permission_target_ck" CHECK (("fund_permission"."cost_centre_id" is null) <> ("fund_permission"."internal_order_id" is null))
);
--> statement-breakpoint
CREATE TABLE "internal_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"cost_centre_id" integer,
	"status" varchar(10) DEFAULT 'started' NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ytd_manual" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"cost_centre_id" integer NOT NULL,
	"ledger_expense_code" varchar(40) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"remark" varchar(200),
	CONSTRAINT "ytd_manual_month_ck" CHECK ("ytd_manual"."month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "apply_authority" (
	"expense_type_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	CONSTRAINT "apply_authority_expense_type_id_employee_id_pk" PRIMARY KEY("expense_type_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "expense_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"category" varchar(30) DEFAULT 'other' NOT NULL,
	"involves_hcp" boolean DEFAULT false NOT NULL,
	"needs_invoice" boolean DEFAULT true NOT NULL,
	"max_amount" numeric(18, 2),
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_sub_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"expense_item_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"doc_type" varchar(10) NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"parent_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_type_item" (
	"expense_type_id" integer NOT NULL,
	"expense_item_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "expense_type_item_expense_type_id_expense_item_id_pk" PRIMARY KEY("expense_type_id","expense_item_id")
);
--> statement-breakpoint
CREATE TABLE "expense_type_team" (
	"expense_type_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	CONSTRAINT "expense_type_team_expense_type_id_team_id_pk" PRIMARY KEY("expense_type_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_expense" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"gl_account" varchar(20) NOT NULL,
	"status" varchar(10) DEFAULT 'started' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_expense_item_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ledger_expense_id" integer NOT NULL,
	"expense_item_id" integer NOT NULL,
	"doc_type" varchar(10) NOT NULL,
	"cost_centre_type" varchar(30),
	"product_id" integer
);
--> statement-breakpoint
CREATE TABLE "base_info" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"value" numeric(18, 6),
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_info_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cut_off_day" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fx_rate" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"rate" numeric(18, 6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "po_white_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"reason" varchar(200),
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"bu_id" integer,
	"sap_code" varchar(40),
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_bu" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"team_id" integer,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"tax_no" varchar(40),
	"bank_name" varchar(100),
	"bank_account" varchar(40),
	"category" varchar(40),
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cost_centre" ADD CONSTRAINT "cost_centre_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centre" ADD CONSTRAINT "cost_centre_owner_team_id_team_id_fk" FOREIGN KEY ("owner_team_id") REFERENCES "public"."team"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centre_allotment" ADD CONSTRAINT "cost_centre_allotment_cost_centre_id_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centre_allotment" ADD CONSTRAINT "cost_centre_allotment_target_cost_centre_id_cost_centre_id_fk" FOREIGN KEY ("target_cost_centre_id") REFERENCES "public"."cost_centre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centre_form_order" ADD CONSTRAINT "cost_centre_form_order_cost_centre_id_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centre_form_order" ADD CONSTRAINT "cost_centre_form_order_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centre_head" ADD CONSTRAINT "cost_centre_head_cost_centre_id_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centre_head" ADD CONSTRAINT "cost_centre_head_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centre_history" ADD CONSTRAINT "cost_centre_history_cost_centre_id_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centre_mapping" ADD CONSTRAINT "cost_centre_mapping_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centre_mapping" ADD CONSTRAINT "cost_centre_mapping_cost_centre_id_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_permission" ADD CONSTRAINT "fund_permission_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_permission" ADD CONSTRAINT "fund_permission_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_permission" ADD CONSTRAINT "fund_permission_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_permission" ADD CONSTRAINT "fund_permission_cost_centre_id_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_permission" ADD CONSTRAINT "fund_permission_internal_order_id_internal_order_id_fk" FOREIGN KEY ("internal_order_id") REFERENCES "public"."internal_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_order" ADD CONSTRAINT "internal_order_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_order" ADD CONSTRAINT "internal_order_cost_centre_id_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ytd_manual" ADD CONSTRAINT "ytd_manual_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ytd_manual" ADD CONSTRAINT "ytd_manual_cost_centre_id_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_authority" ADD CONSTRAINT "apply_authority_expense_type_id_expense_type_id_fk" FOREIGN KEY ("expense_type_id") REFERENCES "public"."expense_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_authority" ADD CONSTRAINT "apply_authority_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_item" ADD CONSTRAINT "expense_item_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_sub_item" ADD CONSTRAINT "expense_sub_item_expense_item_id_expense_item_id_fk" FOREIGN KEY ("expense_item_id") REFERENCES "public"."expense_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_type" ADD CONSTRAINT "expense_type_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_type_item" ADD CONSTRAINT "expense_type_item_expense_type_id_expense_type_id_fk" FOREIGN KEY ("expense_type_id") REFERENCES "public"."expense_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_type_item" ADD CONSTRAINT "expense_type_item_expense_item_id_expense_item_id_fk" FOREIGN KEY ("expense_item_id") REFERENCES "public"."expense_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_type_team" ADD CONSTRAINT "expense_type_team_expense_type_id_expense_type_id_fk" FOREIGN KEY ("expense_type_id") REFERENCES "public"."expense_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_type_team" ADD CONSTRAINT "expense_type_team_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_expense" ADD CONSTRAINT "ledger_expense_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_expense_item_config" ADD CONSTRAINT "ledger_expense_item_config_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_expense_item_config" ADD CONSTRAINT "ledger_expense_item_config_ledger_expense_id_ledger_expense_id_fk" FOREIGN KEY ("ledger_expense_id") REFERENCES "public"."ledger_expense"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_expense_item_config" ADD CONSTRAINT "ledger_expense_item_config_expense_item_id_expense_item_id_fk" FOREIGN KEY ("expense_item_id") REFERENCES "public"."expense_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_info" ADD CONSTRAINT "base_info_type_id_base_info_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."base_info_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_info_type" ADD CONSTRAINT "base_info_type_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_off_day" ADD CONSTRAINT "cut_off_day_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_rate" ADD CONSTRAINT "fx_rate_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "po_white_list" ADD CONSTRAINT "po_white_list_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "po_white_list" ADD CONSTRAINT "po_white_list_provider_id_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."provider"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_bu_id_product_bu_id_fk" FOREIGN KEY ("bu_id") REFERENCES "public"."product_bu"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_bu" ADD CONSTRAINT "product_bu_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_bu" ADD CONSTRAINT "product_bu_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider" ADD CONSTRAINT "provider_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centre_company_code_uq" ON "cost_centre" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "cost_centre_owner_team_idx" ON "cost_centre" USING btree ("owner_team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centre_allotment_uq" ON "cost_centre_allotment" USING btree ("cost_centre_id","target_cost_centre_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centre_form_order_uq" ON "cost_centre_form_order" USING btree ("cost_centre_id","doc_type","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centre_head_uq" ON "cost_centre_head" USING btree ("cost_centre_id","employee_id");--> statement-breakpoint
CREATE INDEX "cost_centre_history_cc_idx" ON "cost_centre_history" USING btree ("cost_centre_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centre_mapping_uq" ON "cost_centre_mapping" USING btree ("company_id","source_code");--> statement-breakpoint
CREATE INDEX "fund_permission_employee_idx" ON "fund_permission" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "fund_permission_team_idx" ON "fund_permission" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "internal_order_company_code_uq" ON "internal_order" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "ytd_manual_uq" ON "ytd_manual" USING btree ("company_id","year","month","cost_centre_id","ledger_expense_code");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_item_company_code_uq" ON "expense_item" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_sub_item_uq" ON "expense_sub_item" USING btree ("expense_item_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_type_company_code_uq" ON "expense_type" USING btree ("company_id","doc_type","code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_expense_company_code_uq" ON "ledger_expense" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_expense_item_config_uq" ON "ledger_expense_item_config" USING btree ("company_id","expense_item_id","doc_type","cost_centre_type","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_info_uq" ON "base_info" USING btree ("type_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_info_type_uq" ON "base_info_type" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "cut_off_day_uq" ON "cut_off_day" USING btree ("company_id","kind","year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "fx_rate_uq" ON "fx_rate" USING btree ("company_id","currency","year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "po_white_list_uq" ON "po_white_list" USING btree ("company_id","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_company_code_uq" ON "product" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "product_bu_company_code_uq" ON "product_bu" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_company_code_uq" ON "provider" USING btree ("company_id","code");