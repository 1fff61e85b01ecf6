CREATE TABLE "post_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"clerk_id" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_receipt" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"received_by" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_batch" ADD CONSTRAINT "post_batch_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_batch" ADD CONSTRAINT "post_batch_clerk_id_employee_id_fk" FOREIGN KEY ("clerk_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_receipt" ADD CONSTRAINT "post_receipt_batch_id_post_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."post_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_receipt" ADD CONSTRAINT "post_receipt_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_receipt" ADD CONSTRAINT "post_receipt_received_by_employee_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_batch_open_uq" ON "post_batch" USING btree ("company_id","clerk_id") WHERE "post_batch"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "post_receipt_document_uq" ON "post_receipt" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "post_receipt_batch_idx" ON "post_receipt" USING btree ("batch_id");