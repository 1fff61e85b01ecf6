CREATE TABLE "erp_call_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"document_id" integer,
	"outbound_job_id" integer,
	"posting_ref" varchar(60) NOT NULL,
	"gateway" varchar(300) NOT NULL,
	"request" jsonb NOT NULL,
	"response" jsonb,
	"outcome" varchar(12) DEFAULT 'pending' NOT NULL,
	"erp_doc_no" varchar(40),
	"error" varchar(1000),
	"duration_ms" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "posting_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"document_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posting_batch_voucher" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"document_id" integer
);
--> statement-breakpoint
ALTER TABLE "erp_call_log" ADD CONSTRAINT "erp_call_log_voucher_id_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_batch" ADD CONSTRAINT "posting_batch_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_batch_voucher" ADD CONSTRAINT "posting_batch_voucher_batch_id_posting_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."posting_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_batch_voucher" ADD CONSTRAINT "posting_batch_voucher_voucher_id_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_batch_voucher" ADD CONSTRAINT "posting_batch_voucher_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erp_call_log_company_idx" ON "erp_call_log" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "erp_call_log_voucher_idx" ON "erp_call_log" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "erp_call_log_job_idx" ON "erp_call_log" USING btree ("outbound_job_id");--> statement-breakpoint
CREATE INDEX "posting_batch_company_idx" ON "posting_batch" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "posting_batch_voucher_uq" ON "posting_batch_voucher" USING btree ("batch_id","voucher_id");--> statement-breakpoint
CREATE INDEX "posting_batch_voucher_voucher_idx" ON "posting_batch_voucher" USING btree ("voucher_id");