CREATE TABLE "remittance_deduction" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"source_id" integer NOT NULL,
	"source" varchar(250) NOT NULL,
	"source_date" date,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "bank_account_name" varchar(200);--> statement-breakpoint
ALTER TABLE "remittance_deduction" ADD CONSTRAINT "remittance_deduction_item_id_remittance_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."remittance_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remittance_deduction_item_idx" ON "remittance_deduction" USING btree ("item_id");