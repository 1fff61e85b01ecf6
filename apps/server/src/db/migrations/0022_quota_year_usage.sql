CREATE TABLE "quota_year_usage" (
	"company_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"year" integer NOT NULL,
	"expense_item_id" integer,
	"subject_id" integer NOT NULL,
	"held" numeric(18, 2) DEFAULT '0' NOT NULL,
	"consumed" numeric(18, 2) DEFAULT '0' NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL,
	"used" numeric(18, 2) GENERATED ALWAYS AS (held + consumed) STORED,
	"cap" numeric(18, 2),
	"limit_status" smallint,
	"used_percent" numeric GENERATED ALWAYS AS (case when cap > 0 then round((held + consumed) * 100 / cap, 2) end) STORED,
	CONSTRAINT "quota_year_usage_key" UNIQUE NULLS NOT DISTINCT("company_id","kind","year","expense_item_id","subject_id")
);
--> statement-breakpoint
CREATE INDEX "quota_year_usage_used_idx" ON "quota_year_usage" USING btree ("company_id","kind","year","expense_item_id","used" DESC NULLS LAST,"subject_id");--> statement-breakpoint
-- Hand-written backfill (decision 055): the year rows from the usage rows, the live ledger and the live quotas, as
-- YEAR_USAGE_SOURCE in modules/quotas/year-usage.repository.ts computes them. Usage on item 0 (no item) only counts
-- in the row over every item (expense_item_id null).
INSERT INTO "quota_year_usage" ("company_id", "kind", "year", "expense_item_id", "subject_id", "held", "consumed", "documents", "cap", "limit_status")
WITH u AS (
  SELECT company_id, kind, year, expense_item_id AS item, subject_id, sum(held) AS held, sum(consumed) AS consumed
  FROM quota_usage WHERE expense_item_id <> 0 GROUP BY 1, 2, 3, 4, 5
  UNION ALL
  SELECT company_id, kind, year, NULL, subject_id, sum(held), sum(consumed) FROM quota_usage GROUP BY 1, 2, 3, 5),
l AS (
  SELECT company_id, kind, year, expense_item_id AS item, subject_id, count(DISTINCT document_id)::int AS n
  FROM quota_ledger WHERE state <> 'released' AND expense_item_id <> 0 GROUP BY 1, 2, 3, 4, 5
  UNION ALL
  SELECT company_id, kind, year, NULL, subject_id, count(DISTINCT document_id)::int
  FROM quota_ledger WHERE state <> 'released' GROUP BY 1, 2, 3, 5),
q AS (
  SELECT company_id, kind, year, expense_item_id AS item, subject_id, amount, limit_status
  FROM quota WHERE archived_at IS NULL),
k AS (
  SELECT company_id, kind, year, item, subject_id FROM u
  UNION SELECT company_id, kind, year, item, subject_id FROM l
  UNION SELECT company_id, kind, year, item, subject_id FROM q)
SELECT k.company_id, k.kind, k.year, k.item, k.subject_id, coalesce(u.held, 0), coalesce(u.consumed, 0),
  coalesce(l.n, 0), q.amount, q.limit_status
FROM k
LEFT JOIN u ON (u.company_id, u.kind, u.year, coalesce(u.item, -1), u.subject_id)
  = (k.company_id, k.kind, k.year, coalesce(k.item, -1), k.subject_id)
LEFT JOIN l ON (l.company_id, l.kind, l.year, coalesce(l.item, -1), l.subject_id)
  = (k.company_id, k.kind, k.year, coalesce(k.item, -1), k.subject_id)
LEFT JOIN q ON (q.company_id, q.kind, q.year, coalesce(q.item, -1), q.subject_id)
  = (k.company_id, k.kind, k.year, coalesce(k.item, -1), k.subject_id);
--> statement-breakpoint
ANALYZE "quota_year_usage";
