ALTER TABLE "invoice" ADD COLUMN "line_no" integer;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "buyer_personal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_item" ADD COLUMN "personal_buyer_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Fapiao already entered whose buyer is printed as 个人 were made out to a person.
UPDATE "invoice" SET "buyer_personal" = true WHERE "buyer_name" ~ '^个人';--> statement-breakpoint
-- A fapiao on a document of one line is that line's evidence; on a document of several, the first line whose amount
-- in CNY equals the fapiao's total. Others stay unassigned: their owner picks the line before submitting again.
UPDATE "invoice" i SET "line_no" = l."line_no"
FROM "expense_line" l
WHERE i."document_id" IS NOT NULL AND l."document_id" = i."document_id"
  AND l."line_no" = (
    SELECT min(x."line_no") FROM "expense_line" x
    WHERE x."document_id" = i."document_id"
      AND ((SELECT count(*) FROM "expense_line" y WHERE y."document_id" = i."document_id") = 1
           OR x."amount_cny" = i."total_amount")
  );
