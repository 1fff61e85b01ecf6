CREATE TABLE "air_ticket_share" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"ticket_no" varchar(30) NOT NULL,
	"ticket_amount" numeric(18, 2) NOT NULL,
	"employee_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apportionment" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"line_no" integer,
	"seq" integer NOT NULL,
	"cost_centre_id" integer NOT NULL,
	"product_id" integer,
	"percent" numeric(5, 2) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "apportionment_percent_ck" CHECK ("apportionment"."percent" > 0 and "apportionment"."percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "pay_detail" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"payee_kind" varchar(10) NOT NULL,
	"vendor_code" varchar(40),
	"vendor_name" varchar(200),
	"bank_name" varchar(100),
	"bank_account" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"po_no" varchar(30) NOT NULL,
	"provider_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_amount_ck" CHECK ("purchase_order"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "trip" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"from_city" varchar(100) NOT NULL,
	"to_city" varchar(100) NOT NULL,
	"depart_date" date NOT NULL,
	"arrive_date" date NOT NULL,
	"transport" varchar(10) NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "air_ticket_share" ADD CONSTRAINT "air_ticket_share_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_ticket_share" ADD CONSTRAINT "air_ticket_share_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apportionment" ADD CONSTRAINT "apportionment_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apportionment" ADD CONSTRAINT "apportionment_cost_centre_id_cost_centre_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centre"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apportionment" ADD CONSTRAINT "apportionment_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_detail" ADD CONSTRAINT "pay_detail_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_provider_id_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."provider"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip" ADD CONSTRAINT "trip_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "air_ticket_share_uq" ON "air_ticket_share" USING btree ("document_id","ticket_no","employee_id");--> statement-breakpoint
CREATE INDEX "apportionment_document_idx" ON "apportionment" USING btree ("document_id","line_no","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_detail_document_uq" ON "pay_detail" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "pay_detail_vendor_idx" ON "pay_detail" USING btree ("vendor_code");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_document_no_uq" ON "purchase_order" USING btree ("document_id","po_no");--> statement-breakpoint
CREATE INDEX "trip_document_idx" ON "trip" USING btree ("document_id","depart_date");