CREATE TABLE "lecture_fee_month" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"hcp_id" integer NOT NULL,
	"month" date NOT NULL,
	"gross" numeric(18, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(18, 2) DEFAULT '0' NOT NULL,
	"fees" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_fee_month_amounts_ck" CHECK ("lecture_fee_month"."gross" >= 0 and "lecture_fee_month"."tax" >= 0 and "lecture_fee_month"."fees" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lecturer_agreement" ADD COLUMN "withheld_tax" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "lecturer_agreement" ADD COLUMN "withheld_month" date;--> statement-breakpoint
ALTER TABLE "customer_hcp" ADD COLUMN "id_number" varchar(30);--> statement-breakpoint
ALTER TABLE "lecture_fee_month" ADD CONSTRAINT "lecture_fee_month_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_fee_month" ADD CONSTRAINT "lecture_fee_month_hcp_id_customer_hcp_id_fk" FOREIGN KEY ("hcp_id") REFERENCES "public"."customer_hcp"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lecture_fee_month_uq" ON "lecture_fee_month" USING btree ("company_id","hcp_id","month");--> statement-breakpoint
CREATE INDEX "lecture_fee_month_month_idx" ON "lecture_fee_month" USING btree ("company_id","month","hcp_id");--> statement-breakpoint
-- The fees of claims already in approval or beyond keep the tax worked out per fee when they were saved (the rule
-- until now), and their months start from those fees (docs/decisions/050).
UPDATE "lecturer_agreement" a SET "withheld_tax" = a."tax", "withheld_month" = date_trunc('month', a."meeting_date")::date
  FROM "document" d
  WHERE d."id" = a."document_id" AND d."doc_type" = 'deputy'
    AND d."status" NOT IN ('draft', 'returned', 'cancelled');--> statement-breakpoint
INSERT INTO "lecture_fee_month" ("company_id", "hcp_id", "month", "gross", "tax", "fees")
  SELECT d."company_id", a."hcp_id", a."withheld_month", sum(a."fee_before_tax"), sum(a."withheld_tax"), count(*)
  FROM "lecturer_agreement" a JOIN "document" d ON d."id" = a."document_id"
  WHERE a."withheld_month" IS NOT NULL
  GROUP BY d."company_id", a."hcp_id", a."withheld_month";
--> statement-breakpoint
-- The HCP's lecture-fee cap and the compliance reports count the fee before tax (the transfer of value) from now on:
-- the live holds and consumptions of fees are moved from the fee after tax to the fee before it, on the ledger row,
-- its month's usage and its year's row over every item (a fee has no item), in one statement.
WITH d AS (
  SELECT DISTINCT ON (l."id") l."id", l."company_id", l."year", l."month", l."subject_id", l."state",
         a."fee_before_tax" - l."amount" AS diff
    FROM "quota_ledger" l
    JOIN "lecturer_agreement" a ON a."document_id" = l."document_id" AND a."hcp_id" = l."subject_id"
     AND extract(year FROM a."meeting_date")::int = l."year" AND extract(month FROM a."meeting_date")::int = l."month"
     AND a."fee_after_tax" = l."amount"
   WHERE l."kind" = 'lecture_fee' AND l."state" <> 'released'
   ORDER BY l."id"
), ledger AS (
  UPDATE "quota_ledger" q SET "amount" = q."amount" + d.diff FROM d WHERE q."id" = d."id" RETURNING q."id"
), by_month AS (
  SELECT "company_id", "year", "subject_id", "month",
         coalesce(sum(diff) FILTER (WHERE "state" = 'held'), 0) AS held,
         coalesce(sum(diff) FILTER (WHERE "state" = 'consumed'), 0) AS consumed
    FROM d GROUP BY "company_id", "year", "subject_id", "month"
), usage AS (
  UPDATE "quota_usage" u SET "held" = u."held" + m.held, "consumed" = u."consumed" + m.consumed
    FROM by_month m
   WHERE u."company_id" = m."company_id" AND u."kind" = 'lecture_fee' AND u."year" = m."year"
     AND u."subject_id" = m."subject_id" AND u."expense_item_id" = 0 AND u."month" = m."month"
  RETURNING 1
)
UPDATE "quota_year_usage" y SET "held" = y."held" + s.held, "consumed" = y."consumed" + s.consumed
  FROM (SELECT "company_id", "year", "subject_id", sum(held) AS held, sum(consumed) AS consumed
          FROM by_month GROUP BY "company_id", "year", "subject_id") s
 WHERE y."company_id" = s."company_id" AND y."kind" = 'lecture_fee' AND y."year" = s."year"
   AND y."subject_id" = s."subject_id" AND y."expense_item_id" IS NULL;
