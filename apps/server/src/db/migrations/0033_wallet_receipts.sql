ALTER TABLE "receipt" DROP CONSTRAINT "receipt_document_id_document_id_fk";
--> statement-breakpoint
ALTER TABLE "receipt" ALTER COLUMN "document_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "receipt" ADD COLUMN "owner_id" integer;--> statement-breakpoint
UPDATE "receipt" SET "company_id" = d."company_id", "owner_id" = d."applicant_id" FROM "document" d WHERE d."id" = "receipt"."document_id";--> statement-breakpoint
ALTER TABLE "receipt" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt" ADD COLUMN "file_name" varchar(255);--> statement-breakpoint
ALTER TABLE "receipt" ADD COLUMN "mime_type" varchar(100);--> statement-breakpoint
ALTER TABLE "receipt" ADD COLUMN "size" integer;--> statement-breakpoint
ALTER TABLE "receipt" ADD COLUMN "sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "receipt" ADD COLUMN "storage_key" varchar(200);--> statement-breakpoint
ALTER TABLE "receipt" ADD CONSTRAINT "receipt_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt" ADD CONSTRAINT "receipt_owner_id_employee_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt" ADD CONSTRAINT "receipt_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_owner_idx" ON "receipt" USING btree ("owner_id","document_id");--> statement-breakpoint
CREATE INDEX "receipt_sha256_idx" ON "receipt" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_owner_sha256_uq" ON "receipt" USING btree ("owner_id","sha256");