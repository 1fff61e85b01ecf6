CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"actor_id" integer,
	"principal_id" integer,
	"action" varchar(60) NOT NULL,
	"entity" varchar(60) NOT NULL,
	"entity_id" varchar(60),
	"detail" jsonb,
	"request_id" varchar(60),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"origin" varchar(20) DEFAULT 'password' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "refresh_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"username" varchar(100) NOT NULL,
	"password_hash" varchar(200) NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "user_account_employee_id_unique" UNIQUE("employee_id"),
	CONSTRAINT "user_account_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "language_resource" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" varchar(100) NOT NULL,
	"item_id" varchar(200) NOT NULL,
	"culture_code" varchar(10) NOT NULL,
	"item_content" text NOT NULL,
	"type" varchar(20) DEFAULT 'web' NOT NULL,
	"page" varchar(100) DEFAULT '' NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_function" (
	"code" varchar(80) PRIMARY KEY NOT NULL,
	"menu_group" varchar(20),
	"path" varchar(120),
	"label_key" varchar(120) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"email" varchar(200),
	"mobile" varchar(30),
	"team_id" integer,
	"line_manager_id" integer,
	"default_cost_centre_id" integer,
	"bank_name" varchar(100),
	"bank_account" varchar(40),
	"status" varchar(30) DEFAULT 'active' NOT NULL,
	"approval_limit" numeric(18, 2),
	"language" varchar(10) DEFAULT 'zh-CN' NOT NULL,
	"roles_version" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_company" (
	"employee_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"team_id" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "employee_company_employee_id_company_id_pk" PRIMARY KEY("employee_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "employee_role_team" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"team_id" integer
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"description" varchar(500),
	"is_admin" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_function" (
	"role_id" integer NOT NULL,
	"function_code" varchar(80) NOT NULL,
	CONSTRAINT "role_function_role_id_function_code_pk" PRIMARY KEY("role_id","function_code")
);
--> statement-breakpoint
CREATE TABLE "role_report" (
	"role_id" integer NOT NULL,
	"report_code" varchar(80) NOT NULL,
	CONSTRAINT "role_report_role_id_report_code_pk" PRIMARY KEY("role_id","report_code")
);
--> statement-breakpoint
CREATE TABLE "team" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"parent_id" integer,
	"bu" varchar(40),
	"is_evm" boolean DEFAULT false NOT NULL,
	"therapeutic_area" varchar(100),
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcement" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"title_zh" varchar(200) NOT NULL,
	"title_en" varchar(200) NOT NULL,
	"content_zh" text NOT NULL,
	"content_en" text NOT NULL,
	"publish_date" date NOT NULL,
	"expire_date" date,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"sap_code" varchar(20),
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "technical_parameter" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"key" varchar(100) NOT NULL,
	"value" text NOT NULL,
	"description" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_user_account_id_user_account_id_fk" FOREIGN KEY ("user_account_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee" ADD CONSTRAINT "employee_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee" ADD CONSTRAINT "employee_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_company" ADD CONSTRAINT "employee_company_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_company" ADD CONSTRAINT "employee_company_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_company" ADD CONSTRAINT "employee_company_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_role_team" ADD CONSTRAINT "employee_role_team_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_role_team" ADD CONSTRAINT "employee_role_team_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_role_team" ADD CONSTRAINT "employee_role_team_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_function" ADD CONSTRAINT "role_function_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_function" ADD CONSTRAINT "role_function_function_code_app_function_code_fk" FOREIGN KEY ("function_code") REFERENCES "public"."app_function"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_report" ADD CONSTRAINT "role_report_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team" ADD CONSTRAINT "team_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement" ADD CONSTRAINT "announcement_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technical_parameter" ADD CONSTRAINT "technical_parameter_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "refresh_token_family_idx" ON "refresh_token" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "language_resource_key_uq" ON "language_resource" USING btree ("page_id","item_id","culture_code");--> statement-breakpoint
CREATE INDEX "language_resource_culture_idx" ON "language_resource" USING btree ("culture_code");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_company_code_uq" ON "employee" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "employee_team_idx" ON "employee" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "employee_manager_idx" ON "employee" USING btree ("line_manager_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_role_team_uq" ON "employee_role_team" USING btree ("employee_id","role_id",coalesce("team_id", 0));--> statement-breakpoint
CREATE INDEX "employee_role_team_employee_idx" ON "employee_role_team" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "role_company_code_uq" ON "role" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "team_company_code_uq" ON "team" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "team_parent_idx" ON "team" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "technical_parameter_key_uq" ON "technical_parameter" USING btree (coalesce("company_id", 0),"key");