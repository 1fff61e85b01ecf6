-- Steps carry their document's created_at (which never changes), filled in for the steps already made.
ALTER TABLE "approval_step" ADD COLUMN "document_created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "approval_step" AS s SET "document_created_at" = d."created_at" FROM "document" AS d WHERE d."id" = s."document_id";--> statement-breakpoint
ALTER TABLE "approval_step" ALTER COLUMN "document_created_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "approval_step_route_idx" ON "approval_step" USING btree ("approver_id","document_created_at","document_id");--> statement-breakpoint
CREATE INDEX "approval_step_acted_route_idx" ON "approval_step" USING btree ("acted_by","document_created_at","document_id") WHERE "approval_step"."acted_by" is not null;
