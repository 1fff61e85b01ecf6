CREATE TABLE "loan_balance_movement" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"deputy_id" integer,
	"reverses_id" integer,
	"voucher_id" integer,
	"booked_on" date NOT NULL,
	"actor_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_movement_amount_ck" CHECK ("loan_balance_movement"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "loan_balance_movement" ADD CONSTRAINT "loan_balance_movement_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_balance_movement" ADD CONSTRAINT "loan_balance_movement_loan_id_document_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_balance_movement" ADD CONSTRAINT "loan_balance_movement_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_balance_movement" ADD CONSTRAINT "loan_balance_movement_deputy_id_document_id_fk" FOREIGN KEY ("deputy_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_balance_movement" ADD CONSTRAINT "loan_balance_movement_voucher_id_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."voucher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_balance_movement" ADD CONSTRAINT "loan_balance_movement_actor_id_employee_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_movement_loan_idx" ON "loan_balance_movement" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "loan_movement_company_employee_idx" ON "loan_balance_movement" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_movement_advance_uq" ON "loan_balance_movement" USING btree ("loan_id") WHERE kind = 'advance';--> statement-breakpoint
CREATE UNIQUE INDEX "loan_movement_write_off_uq" ON "loan_balance_movement" USING btree ("loan_id","deputy_id") WHERE kind = 'write_off';--> statement-breakpoint
CREATE UNIQUE INDEX "loan_movement_cancel_uq" ON "loan_balance_movement" USING btree ("reverses_id") WHERE kind = 'write_off_cancel';