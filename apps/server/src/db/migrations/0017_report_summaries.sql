CREATE TABLE "approved_summary" (
	"company_id" integer NOT NULL,
	"doc_type" varchar(20) NOT NULL,
	"month" date NOT NULL,
	"expense_type_id" integer,
	"cost_centre_id" integer,
	"team_id" integer,
	"documents" integer NOT NULL,
	"amount_cny" numeric(18, 2) NOT NULL,
	CONSTRAINT "approved_summary_key" UNIQUE NULLS NOT DISTINCT("company_id","doc_type","month","expense_type_id","cost_centre_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "decision_summary" (
	"company_id" integer NOT NULL,
	"doc_type" varchar(20) NOT NULL,
	"decision" varchar(20) NOT NULL,
	"grain" varchar(5) NOT NULL,
	"period" date NOT NULL,
	"slot" smallint NOT NULL,
	"steps" integer NOT NULL,
	"amount_cny" numeric(18, 2) NOT NULL,
	CONSTRAINT "decision_summary_key" UNIQUE("company_id","doc_type","decision","grain","period","slot")
);
--> statement-breakpoint
CREATE TABLE "document_state_summary" (
	"company_id" integer NOT NULL,
	"doc_type" varchar(20) NOT NULL,
	"status" varchar(20) NOT NULL,
	"month" date NOT NULL,
	"slot" smallint NOT NULL,
	"documents" integer NOT NULL,
	CONSTRAINT "document_state_summary_key" UNIQUE("company_id","doc_type","status","month","slot")
);
--> statement-breakpoint
CREATE TABLE "spend_period_summary" (
	"company_id" integer NOT NULL,
	"doc_type" varchar(20) NOT NULL,
	"grain" varchar(5) NOT NULL,
	"period" date NOT NULL,
	"stage" varchar(10) NOT NULL,
	"cost_centre_id" integer,
	"product_id" integer,
	"lines" integer NOT NULL,
	"amount_cny" numeric(18, 2) NOT NULL,
	CONSTRAINT "spend_period_summary_key" UNIQUE NULLS NOT DISTINCT("company_id","doc_type","grain","period","stage","cost_centre_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "spend_summary" (
	"company_id" integer NOT NULL,
	"doc_type" varchar(20) NOT NULL,
	"month" date NOT NULL,
	"stage" varchar(10) NOT NULL,
	"cost_centre_id" integer,
	"expense_type_id" integer,
	"expense_item_id" integer,
	"product_id" integer,
	"lines" integer NOT NULL,
	"amount_cny" numeric(18, 2) NOT NULL,
	CONSTRAINT "spend_summary_key" UNIQUE NULLS NOT DISTINCT("company_id","doc_type","month","stage","cost_centre_id","expense_type_id","expense_item_id","product_id")
);

--> statement-breakpoint
-- Hand-written (decision 039): fill the report summaries from the documents already there, with the same sums as
-- SUMMARY_SOURCES in modules/reports/summary/summary.repository.ts (the slot of the two hot summaries: the
-- document's id modulo SUMMARY_SLOTS = 16).
INSERT INTO "spend_summary" ("company_id", "doc_type", "month", "stage", "cost_centre_id", "expense_type_id", "expense_item_id", "product_id", "lines", "amount_cny")
SELECT d.company_id, d.doc_type, date_trunc('month', l.expense_date)::date,
  CASE WHEN d.status IN ('confirming', 'approving') THEN 'approving' ELSE 'approved' END,
  d.cost_centre_id, d.expense_type_id, l.expense_item_id, l.product_id, count(*)::int, coalesce(sum(l.amount_cny), 0)::numeric(18,2)
FROM expense_line l JOIN document d ON d.id = l.document_id
WHERE d.doc_type IN ('apply', 'deputy') AND l.expense_date IS NOT NULL
  AND d.status IN ('confirming', 'approving', 'approved', 'received', 'reviewing', 'held', 'to_post', 'post_failed', 'posted', 'remitting', 'paid', 'closed')
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
INSERT INTO "spend_period_summary" ("company_id", "doc_type", "grain", "period", "stage", "cost_centre_id", "product_id", "lines", "amount_cny")
SELECT d.company_id, d.doc_type, g.grain,
  CASE g.grain WHEN 'month' THEN date_trunc('month', l.expense_date)::date ELSE l.expense_date END,
  CASE WHEN d.status IN ('confirming', 'approving') THEN 'approving' ELSE 'approved' END,
  d.cost_centre_id, l.product_id, count(*)::int, coalesce(sum(l.amount_cny), 0)::numeric(18,2)
FROM expense_line l JOIN document d ON d.id = l.document_id CROSS JOIN (VALUES ('month'), ('day')) AS g(grain)
WHERE d.doc_type IN ('apply', 'deputy') AND l.expense_date IS NOT NULL
  AND d.status IN ('confirming', 'approving', 'approved', 'received', 'reviewing', 'held', 'to_post', 'post_failed', 'posted', 'remitting', 'paid', 'closed')
GROUP BY 1, 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
INSERT INTO "document_state_summary" ("company_id", "doc_type", "status", "month", "slot", "documents")
SELECT company_id, doc_type, status, date_trunc('month', created_at AT TIME ZONE 'Asia/Shanghai')::date, (id % 16)::smallint,
  count(*)::int
FROM document GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO "approved_summary" ("company_id", "doc_type", "month", "expense_type_id", "cost_centre_id", "team_id", "documents", "amount_cny")
SELECT company_id, doc_type, date_trunc('month', approved_at AT TIME ZONE 'Asia/Shanghai')::date, expense_type_id, cost_centre_id, team_id,
  count(*)::int, coalesce(sum(total_amount_cny), 0)::numeric(18,2)
FROM document
WHERE approved_at IS NOT NULL
  AND status IN ('approved', 'received', 'reviewing', 'held', 'to_post', 'post_failed', 'posted', 'remitting', 'paid', 'closed')
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO "decision_summary" ("company_id", "doc_type", "decision", "grain", "period", "slot", "steps", "amount_cny")
SELECT d.company_id, d.doc_type, s.status, g.grain,
  CASE g.grain WHEN 'month' THEN date_trunc('month', s.acted_at AT TIME ZONE 'Asia/Shanghai')::date
    ELSE (s.acted_at AT TIME ZONE 'Asia/Shanghai')::date END,
  (d.id % 16)::smallint, count(*)::int, coalesce(sum(d.total_amount_cny), 0)::numeric(18,2)
FROM approval_step s JOIN document d ON d.id = s.document_id CROSS JOIN (VALUES ('month'), ('day')) AS g(grain)
WHERE s.acted_at IS NOT NULL AND s.status IN ('approved', 'auto_approved', 'rejected')
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
ANALYZE "spend_summary", "spend_period_summary", "document_state_summary", "approved_summary", "decision_summary";
