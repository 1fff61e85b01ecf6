CREATE TABLE "apply_block" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"event_date" date NOT NULL,
	"due_date" date NOT NULL,
	"blocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unlock_reason" text,
	"reason_by" integer,
	"reason_at" timestamp with time zone,
	"resolution" varchar(20),
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "goods_receipt" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"milestone_id" integer,
	"gr_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"description" text,
	"claim_id" integer,
	"created_by" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_receipt_amount_ck" CHECK ("goods_receipt"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "milestone" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"planned_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestone_amount_ck" CHECK ("milestone"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "attachment" ADD COLUMN "goods_receipt_id" integer;--> statement-breakpoint
ALTER TABLE "apply_block" ADD CONSTRAINT "apply_block_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_block" ADD CONSTRAINT "apply_block_reason_by_employee_id_fk" FOREIGN KEY ("reason_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_block" ADD CONSTRAINT "apply_block_resolved_by_employee_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt" ADD CONSTRAINT "goods_receipt_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt" ADD CONSTRAINT "goods_receipt_milestone_id_milestone_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestone"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt" ADD CONSTRAINT "goods_receipt_claim_id_document_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt" ADD CONSTRAINT "goods_receipt_created_by_employee_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone" ADD CONSTRAINT "milestone_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apply_block_document_uq" ON "apply_block" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "goods_receipt_document_idx" ON "goods_receipt" USING btree ("document_id","gr_date");--> statement-breakpoint
CREATE INDEX "goods_receipt_claim_idx" ON "goods_receipt" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "milestone_document_idx" ON "milestone" USING btree ("document_id");--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_goods_receipt_id_goods_receipt_id_fk" FOREIGN KEY ("goods_receipt_id") REFERENCES "public"."goods_receipt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachment_gr_idx" ON "attachment" USING btree ("goods_receipt_id");