CREATE TABLE "decision_summary" (
	"company_id" integer NOT NULL,
	"doc_type" varchar(20) NOT NULL,
	"decision" varchar(20) NOT NULL,
	"grain" varchar(5) NOT NULL,
	"period" date NOT NULL,
	"steps" integer NOT NULL,
	"amount_cny" numeric(18, 2) NOT NULL,
	CONSTRAINT "decision_summary_key" UNIQUE("company_id","doc_type","decision","grain","period")
);
--> statement-breakpoint
-- Hand-written (decision 040): fill the decision summary from the steps already decided, with the same sums as
-- SUMMARY_SOURCES.decisions in modules/reports/summary/summary.repository.ts.
INSERT INTO "decision_summary" ("company_id", "doc_type", "decision", "grain", "period", "steps", "amount_cny")
SELECT d.company_id, d.doc_type, s.status, g.grain,
  CASE g.grain WHEN 'month' THEN date_trunc('month', s.acted_at AT TIME ZONE 'Asia/Shanghai')::date
    ELSE (s.acted_at AT TIME ZONE 'Asia/Shanghai')::date END,
  count(*)::int, coalesce(sum(d.total_amount_cny), 0)::numeric(18,2)
FROM approval_step s JOIN document d ON d.id = s.document_id CROSS JOIN (VALUES ('month'), ('day')) AS g(grain)
WHERE s.acted_at IS NOT NULL AND s.status IN ('approved', 'auto_approved', 'rejected')
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
ANALYZE "decision_summary";
