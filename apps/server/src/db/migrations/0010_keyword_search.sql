-- The one- and two-character pieces of a text, lower-cased, without whitespace, each once: what a "contains"
-- keyword search looks up in a GIN index (generated columns below; docs/decisions/020).
CREATE FUNCTION search_grams(t text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  s text := regexp_replace(lower(t), '\s+', ' ', 'g');
  n int := length(s);
  grams text[] := '{}';
  c text;
  pair text;
BEGIN
  FOR i IN 1..n LOOP
    c := substr(s, i, 1);
    CONTINUE WHEN c = ' ';
    IF NOT c = ANY(grams) THEN grams := grams || c; END IF;
    pair := substr(s, i, 2);
    IF length(pair) = 2 AND right(pair, 1) <> ' ' AND NOT pair = ANY(grams) THEN grams := grams || pair; END IF;
  END LOOP;
  RETURN grams;
END
$$;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "username_grams" text[] GENERATED ALWAYS AS (search_grams(username)) STORED;--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "reason_grams" text[] GENERATED ALWAYS AS (search_grams(coalesce(reason, ''))) STORED;--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "keyword_grams" text[] GENERATED ALWAYS AS (search_grams(code || ' ' || name_zh || ' ' || name_en || ' ' || coalesce(email, ''))) STORED;--> statement-breakpoint
CREATE INDEX "user_account_username_grams_idx" ON "user_account" USING gin ("username_grams");--> statement-breakpoint
CREATE INDEX "document_reason_grams_idx" ON "document" USING gin ("reason_grams");--> statement-breakpoint
CREATE INDEX "document_no_prefix_idx" ON "document" USING btree ("company_id","doc_no" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "employee_keyword_idx" ON "employee" USING gin ("keyword_grams");