CREATE TABLE "evm_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"relation_id" integer NOT NULL,
	"action" varchar(10) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"reference" varchar(60),
	"error" varchar(500),
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "evm_team_relation" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"evm_code" varchar(40) NOT NULL,
	"evm_name" varchar(200) NOT NULL,
	"remark" varchar(500),
	"status" varchar(10) DEFAULT 'new' NOT NULL,
	"send_count" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" varchar(500),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"from_status" varchar(30) NOT NULL,
	"to_status" varchar(30) NOT NULL,
	"reason" varchar(500) NOT NULL,
	"actor_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "therapeutic_area" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "team_authority" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "team" ADD COLUMN "therapeutic_area_id" integer;--> statement-breakpoint
ALTER TABLE "team" ADD COLUMN "is_support_function" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "evm_outbox" ADD CONSTRAINT "evm_outbox_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evm_team_relation" ADD CONSTRAINT "evm_team_relation_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evm_team_relation" ADD CONSTRAINT "evm_team_relation_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_status_history" ADD CONSTRAINT "employee_status_history_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_status_history" ADD CONSTRAINT "employee_status_history_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapeutic_area" ADD CONSTRAINT "therapeutic_area_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evm_outbox_relation_idx" ON "evm_outbox" USING btree ("relation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "evm_team_relation_team_uq" ON "evm_team_relation" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "evm_team_relation_company_idx" ON "evm_team_relation" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "employee_status_history_employee_idx" ON "employee_status_history" USING btree ("employee_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "therapeutic_area_company_code_uq" ON "therapeutic_area" USING btree ("company_id","code");--> statement-breakpoint
ALTER TABLE "team" ADD CONSTRAINT "team_therapeutic_area_id_therapeutic_area_id_fk" FOREIGN KEY ("therapeutic_area_id") REFERENCES "public"."therapeutic_area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team" DROP COLUMN "therapeutic_area";