CREATE TABLE "budget_balance_month" (
	"budget_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"held" numeric(18, 2) DEFAULT '0' NOT NULL,
	"reserved" numeric(18, 2) DEFAULT '0' NOT NULL,
	"consumed" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "budget_balance_month_budget_id_month_pk" PRIMARY KEY("budget_id","month"),
	CONSTRAINT "budget_balance_month_ck" CHECK ("budget_balance_month"."month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "budget" ADD COLUMN "control_period" varchar(10) DEFAULT 'year' NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_ledger" ADD COLUMN "month" smallint;--> statement-breakpoint
-- Rows written before the month was kept: the month of the document's first expense of the budget's item in the
-- budget's year, else January (decision 056).
UPDATE "budget_ledger" g SET "month" = coalesce((
  SELECT min(extract(month FROM l.expense_date))::smallint
  FROM "expense_line" l JOIN "budget" b ON b.id = g.budget_id
  WHERE l.document_id = g.document_id AND l.expense_item_id = b.expense_item_id
    AND extract(year FROM l.expense_date) = b.year), 1);--> statement-breakpoint
ALTER TABLE "budget_ledger" ALTER COLUMN "month" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_balance_month" ADD CONSTRAINT "budget_balance_month_budget_id_budget_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budget"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget" ADD CONSTRAINT "budget_control_period_ck" CHECK ("budget"."control_period" in ('year', 'month', 'cumulative'));--> statement-breakpoint
ALTER TABLE "budget_ledger" ADD CONSTRAINT "budget_ledger_month_ck" CHECK ("budget_ledger"."month" between 1 and 12);--> statement-breakpoint
INSERT INTO "budget_balance_month" ("budget_id", "month", "held", "reserved", "consumed")
  SELECT budget_id, month, sum(held), sum(reserved), sum(consumed) FROM "budget_ledger" GROUP BY budget_id, month;
