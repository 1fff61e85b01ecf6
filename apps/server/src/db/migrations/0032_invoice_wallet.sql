CREATE TABLE "invoice_file" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_file" ADD CONSTRAINT "invoice_file_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_key_idx" ON "invoice" USING btree ("invoice_key");--> statement-breakpoint
CREATE INDEX "invoice_seller_idx" ON "invoice" USING btree ("company_id","seller_tax_id","id");