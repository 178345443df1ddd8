-- Decision 019: which transactions wrote each account's products, so that a kept first screenful
-- of the restock table can be checked with one index range instead of a pass over every product.
CREATE TABLE "product_change_horizons" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"horizon" "xid8" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_changes" (
	"account_id" uuid NOT NULL,
	"xid" "xid8" NOT NULL,
	CONSTRAINT "product_changes_account_id_xid_pk" PRIMARY KEY("account_id","xid")
);
--> statement-breakpoint
-- Decision 019: one row per account and transaction that writes the account's products, whatever
-- wrote them. Not for an account deleted with its products: its rows go with it (below).
CREATE FUNCTION "note_product_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		INSERT INTO "product_changes" ("account_id", "xid")
			SELECT a."id", pg_current_xact_id() FROM "accounts" AS a
		ON CONFLICT DO NOTHING;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "product_changes" ("account_id", "xid")
			SELECT DISTINCT o."account_id", pg_current_xact_id() FROM "old_products" AS o
			WHERE EXISTS (SELECT 1 FROM "accounts" AS a WHERE a."id" = o."account_id")
		ON CONFLICT DO NOTHING;
	ELSE
		INSERT INTO "product_changes" ("account_id", "xid")
			SELECT DISTINCT n."account_id", pg_current_xact_id() FROM "new_products" AS n
		ON CONFLICT DO NOTHING;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_insert_changes" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS "new_products" FOR EACH STATEMENT EXECUTE FUNCTION "note_product_changes"();
--> statement-breakpoint
CREATE TRIGGER "products_update_changes" AFTER UPDATE ON "products"
	REFERENCING NEW TABLE AS "new_products" FOR EACH STATEMENT EXECUTE FUNCTION "note_product_changes"();
--> statement-breakpoint
CREATE TRIGGER "products_delete_changes" AFTER DELETE ON "products"
	REFERENCING OLD TABLE AS "old_products" FOR EACH STATEMENT EXECUTE FUNCTION "note_product_changes"();
--> statement-breakpoint
CREATE TRIGGER "products_truncate_changes" AFTER TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "note_product_changes"();
--> statement-breakpoint
-- The rows first, then the horizon: the order a prune takes them in.
CREATE FUNCTION "forget_product_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "product_changes" AS c USING "old_accounts" AS o WHERE c."account_id" = o."id";
	DELETE FROM "product_change_horizons" AS h USING "old_accounts" AS o WHERE h."account_id" = o."id";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "accounts_delete_product_changes" AFTER DELETE ON "accounts"
	REFERENCING OLD TABLE AS "old_accounts" FOR EACH STATEMENT EXECUTE FUNCTION "forget_product_changes"();
--> statement-breakpoint
-- A product never moves to another account: the change rows name the accounts of the rows a
-- statement wrote, and a move would leave the account it left with nothing written.
CREATE FUNCTION "refuse_product_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'a product cannot move to another account';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_refuse_move" BEFORE UPDATE OF "account_id" ON "products"
	FOR EACH ROW WHEN (OLD."account_id" IS DISTINCT FROM NEW."account_id") EXECUTE FUNCTION "refuse_product_move"();
