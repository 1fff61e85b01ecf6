CREATE TABLE "erp_sim_counter" (
	"range" varchar(20) PRIMARY KEY NOT NULL,
	"next_no" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_sim_document" (
	"posting_ref" varchar(60) PRIMARY KEY NOT NULL,
	"erp_doc_no" varchar(40) NOT NULL,
	"company_code" varchar(20) NOT NULL,
	"received" integer DEFAULT 1 NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "erp_sim_document_no_uq" ON "erp_sim_document" USING btree ("erp_doc_no");--> statement-breakpoint
-- Hand-written backfill: the simulator's number range goes on above every number a voucher already holds (numbers
-- given while the range was kept in memory), so no number is given twice after this migration.
INSERT INTO "erp_sim_counter" ("range", "next_no")
SELECT 'default', GREATEST(5100000000, COALESCE(MAX("erp_doc_no"::bigint) + 1, 0))
FROM "voucher" WHERE "erp_doc_no" ~ '^[0-9]{1,18}$';
