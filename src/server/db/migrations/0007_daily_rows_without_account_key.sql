ALTER TABLE "daily_sales" DROP CONSTRAINT "daily_sales_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "daily_stock" DROP CONSTRAINT "daily_stock_account_id_accounts_id_fk";
--> statement-breakpoint
-- Decision 012: the cascade the foreign keys gave, kept by a trigger (one statement per account
-- deleted instead of a check per ingested row).
CREATE FUNCTION "delete_account_daily_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "daily_sales" WHERE "account_id" = OLD."id";
	DELETE FROM "daily_stock" WHERE "account_id" = OLD."id";
	RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "accounts_delete_daily_rows" AFTER DELETE ON "accounts" FOR EACH ROW EXECUTE FUNCTION "delete_account_daily_rows"();
