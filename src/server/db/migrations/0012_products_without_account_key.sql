ALTER TABLE "products" DROP CONSTRAINT "products_account_id_accounts_id_fk";
--> statement-breakpoint
-- Decision 005: the cascade the foreign key gave, kept by a trigger (one statement per account
-- deleted instead of a check per inserted product). The products' forecasts go with them by
-- their own foreign key.
CREATE FUNCTION "delete_account_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "products" WHERE "account_id" = OLD."id";
	RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "accounts_delete_products" AFTER DELETE ON "accounts" FOR EACH ROW EXECUTE FUNCTION "delete_account_products"();
