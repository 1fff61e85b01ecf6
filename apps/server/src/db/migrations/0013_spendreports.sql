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
ALTER TABLE "sales_asp" ADD CONSTRAINT "sales_asp_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_asp" ADD CONSTRAINT "sales_asp_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_asp_uq" ON "sales_asp" USING btree ("company_id","month","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_daily_uq" ON "sales_daily" USING btree ("company_id","sales_date","product_id");--> statement-breakpoint
CREATE INDEX "sales_daily_product_idx" ON "sales_daily" USING btree ("company_id","product_id","sales_date");--> statement-breakpoint
CREATE INDEX "expense_line_date_idx" ON "expense_line" USING btree ("expense_date","id");