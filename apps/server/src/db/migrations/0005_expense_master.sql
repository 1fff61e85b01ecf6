DROP INDEX "ledger_expense_item_config_uq";--> statement-breakpoint
ALTER TABLE "expense_sub_item" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_type" ADD COLUMN "restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_expense_item_config" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "po_white_list" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_bu" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_expense_item_config" ADD CONSTRAINT "ledger_expense_item_config_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_type_parent_idx" ON "expense_type" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "ledger_expense_item_config_ledger_idx" ON "ledger_expense_item_config" USING btree ("ledger_expense_id");--> statement-breakpoint
ALTER TABLE "ledger_expense_item_config" ADD CONSTRAINT "ledger_expense_item_config_uq" UNIQUE NULLS NOT DISTINCT("company_id","expense_item_id","doc_type","cost_centre_type","product_id");