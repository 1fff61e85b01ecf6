ALTER TABLE "expense_item" ADD COLUMN "overseas" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_item" ADD COLUMN "special_approver_id" integer;--> statement-breakpoint
ALTER TABLE "workflow_setting" ADD COLUMN "allow_batch_approve" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_item" ADD CONSTRAINT "expense_item_special_approver_id_employee_id_fk" FOREIGN KEY ("special_approver_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;