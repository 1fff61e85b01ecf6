-- One claim per fapiao in the whole group (every company of the installation), no longer per company. A database
-- where two companies' live documents already hold the same fapiao stops here, naming it, rather than failing on the
-- index: finance decides which document keeps it (the other is sent back) before the upgrade runs again.
DO $$
DECLARE k text;
BEGIN
  SELECT invoice_key INTO k FROM invoice WHERE claim IS NOT NULL AND document_id IS NOT NULL
    GROUP BY invoice_key HAVING count(*) > 1 LIMIT 1;
  IF k IS NOT NULL THEN
    RAISE EXCEPTION 'fapiao % is claimed by live documents of more than one company; send all but one back first', k;
  END IF;
END $$;--> statement-breakpoint
DROP INDEX "invoice_claim_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_claim_uq" ON "invoice" USING btree ("invoice_key") WHERE "invoice"."claim" is not null and "invoice"."document_id" is not null;
