CREATE TABLE "document_return" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"source" varchar(12) NOT NULL,
	"reason_id" integer,
	"comment" varchar(500),
	"returned_by" integer,
	"returned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version_after" integer NOT NULL,
	"state" varchar(12) DEFAULT 'open' NOT NULL,
	"paper_sent_at" date,
	"tracking_no" varchar(60),
	"remark" varchar(500),
	"re_received_at" timestamp with time zone,
	"re_received_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_return_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"reason_id" integer NOT NULL,
	"remark" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "review_case" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"assignee_id" integer,
	"hold_reason_id" integer,
	"hold_comment" varchar(500),
	"held_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_return" ADD CONSTRAINT "document_return_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_return" ADD CONSTRAINT "document_return_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_return" ADD CONSTRAINT "document_return_reason_id_base_info_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."base_info"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_return" ADD CONSTRAINT "document_return_returned_by_employee_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_return" ADD CONSTRAINT "document_return_re_received_by_employee_id_fk" FOREIGN KEY ("re_received_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_return_item" ADD CONSTRAINT "document_return_item_return_id_document_return_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."document_return"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_return_item" ADD CONSTRAINT "document_return_item_reason_id_base_info_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."base_info"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_case" ADD CONSTRAINT "review_case_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_case" ADD CONSTRAINT "review_case_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_case" ADD CONSTRAINT "review_case_assignee_id_employee_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_case" ADD CONSTRAINT "review_case_hold_reason_id_base_info_id_fk" FOREIGN KEY ("hold_reason_id") REFERENCES "public"."base_info"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_return_company_idx" ON "document_return" USING btree ("company_id","state","returned_at");--> statement-breakpoint
CREATE INDEX "document_return_document_idx" ON "document_return" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_return_item_line_uq" ON "document_return_item" USING btree ("return_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "review_case_document_uq" ON "review_case" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "review_case_assignee_idx" ON "review_case" USING btree ("assignee_id");