ALTER TABLE "customer_hco" RENAME COLUMN "city" TO "city_zh";--> statement-breakpoint
ALTER TABLE "customer_hcp" RENAME COLUMN "title" TO "title_zh";--> statement-breakpoint
ALTER TABLE "customer_hco" ADD COLUMN "city_en" varchar(100);--> statement-breakpoint
ALTER TABLE "customer_hcp" ADD COLUMN "title_en" varchar(100);--> statement-breakpoint
-- The single city and title were entered in Chinese; English starts as a copy until someone translates it.
UPDATE "customer_hco" SET "city_en" = "city_zh" WHERE "city_en" IS NULL;--> statement-breakpoint
UPDATE "customer_hcp" SET "title_en" = "title_zh" WHERE "title_en" IS NULL;
