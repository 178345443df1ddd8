-- Decision 019: the change rows say whether a transaction may have moved rows in the restock
-- table's default order (title, then msku), so that the first screenful's order is kept across
-- edits of other fields and only its values are read again. Rows from before this are counted as
-- reordering.
ALTER TABLE "product_changes" ADD COLUMN "reorders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "product_changes_reorders_idx" ON "product_changes" USING btree ("account_id","xid") WHERE "product_changes"."reorders";--> statement-breakpoint
-- Set for the rest of the transaction (or until its savepoint is rolled back) by any UPDATE that
-- names title or msku, before its rows are written, whatever it changes: no per-row cost. An
-- INSERT ... ON CONFLICT DO UPDATE naming them fires it too.
CREATE FUNCTION "note_products_reordered"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM set_config('replen.products_reordered', 'on', true);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_reorder_flag" BEFORE UPDATE OF "title", "msku" ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_products_reordered"();
--> statement-breakpoint
-- As before, one row per account and writing transaction; an insert, a deletion or an update after
-- the flag above makes the row reordering, and it stays so for the transaction's later writes.
CREATE OR REPLACE FUNCTION "note_product_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	reordering boolean := TG_OP <> 'UPDATE'
		OR coalesce(current_setting('replen.products_reordered', true), '') = 'on';
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		INSERT INTO "product_changes" AS c ("account_id", "xid", "reorders")
			SELECT a."id", pg_current_xact_id(), reordering FROM "accounts" AS a
		ON CONFLICT ("account_id", "xid") DO UPDATE SET "reorders" = true WHERE NOT c."reorders";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "product_changes" AS c ("account_id", "xid", "reorders")
			SELECT DISTINCT o."account_id", pg_current_xact_id(), reordering FROM "old_products" AS o
			WHERE EXISTS (SELECT 1 FROM "accounts" AS a WHERE a."id" = o."account_id")
		ON CONFLICT ("account_id", "xid") DO UPDATE SET "reorders" = true WHERE NOT c."reorders";
	ELSE
		INSERT INTO "product_changes" AS c ("account_id", "xid", "reorders")
			SELECT DISTINCT n."account_id", pg_current_xact_id(), reordering FROM "new_products" AS n
		ON CONFLICT ("account_id", "xid") DO UPDATE SET "reorders" = true
			WHERE excluded."reorders" AND NOT c."reorders";
	END IF;
	RETURN NULL;
END
$$;
