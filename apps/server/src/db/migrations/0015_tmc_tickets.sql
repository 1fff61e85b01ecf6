CREATE TABLE "tmc_feed_cursor" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"cursor" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tmc_ticket" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_no" varchar(40) NOT NULL,
	"ticket_no" varchar(30) NOT NULL,
	"employee_id" integer NOT NULL,
	"flight" varchar(20) NOT NULL,
	"from_city" varchar(100) NOT NULL,
	"to_city" varchar(100) NOT NULL,
	"flight_date" date NOT NULL,
	"fare" numeric(18, 2) NOT NULL,
	"tax" numeric(18, 2) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"apply_id" integer,
	"meeting" boolean DEFAULT false NOT NULL,
	"expense_type_id" integer,
	"expense_item_id" integer,
	"source" varchar(20) NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tmc_ticket_amount_ck" CHECK ("tmc_ticket"."fare" >= 0 and "tmc_ticket"."tax" >= 0 and "tmc_ticket"."amount" = "tmc_ticket"."fare" + "tmc_ticket"."tax")
);
--> statement-breakpoint
ALTER TABLE "expense_line" ADD COLUMN "tmc_ticket_id" integer;--> statement-breakpoint
ALTER TABLE "tmc_ticket" ADD CONSTRAINT "tmc_ticket_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmc_ticket" ADD CONSTRAINT "tmc_ticket_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmc_ticket" ADD CONSTRAINT "tmc_ticket_expense_type_id_expense_type_id_fk" FOREIGN KEY ("expense_type_id") REFERENCES "public"."expense_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmc_ticket" ADD CONSTRAINT "tmc_ticket_expense_item_id_expense_item_id_fk" FOREIGN KEY ("expense_item_id") REFERENCES "public"."expense_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tmc_ticket_order_uq" ON "tmc_ticket" USING btree ("company_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "tmc_ticket_no_uq" ON "tmc_ticket" USING btree ("company_id","ticket_no");--> statement-breakpoint
CREATE INDEX "tmc_ticket_employee_idx" ON "tmc_ticket" USING btree ("employee_id","flight_date");--> statement-breakpoint
ALTER TABLE "expense_line" ADD CONSTRAINT "expense_line_tmc_ticket_id_tmc_ticket_id_fk" FOREIGN KEY ("tmc_ticket_id") REFERENCES "public"."tmc_ticket"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_line_tmc_ticket_uq" ON "expense_line" USING btree ("tmc_ticket_id") WHERE "expense_line"."tmc_ticket_id" is not null;