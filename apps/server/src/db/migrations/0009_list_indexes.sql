DROP INDEX "approval_step_pending_idx";--> statement-breakpoint
CREATE INDEX "document_team_idx" ON "document" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "document_company_created_idx" ON "document" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "employee_code_idx" ON "employee" USING btree ("code");--> statement-breakpoint
CREATE INDEX "employee_role_team_role_idx" ON "employee_role_team" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "approval_step_acted_by_idx" ON "approval_step" USING btree ("acted_by","acted_at","document_id");--> statement-breakpoint
CREATE INDEX "approval_step_delegated_idx" ON "approval_step" USING btree ("approver_id","acted_at") WHERE "approval_step"."acted_by" is distinct from "approval_step"."approver_id";--> statement-breakpoint
CREATE INDEX "approval_step_pending_idx" ON "approval_step" USING btree ("approver_id","status","document_id");