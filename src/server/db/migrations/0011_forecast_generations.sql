-- Decision 019: a number per account raised by every write of its forecasts, so that a restock
-- read can tell that its kept forecast keys still hold without reading every forecast again.
CREATE TABLE "forecast_generations" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"generation" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forecast_generations" ADD CONSTRAINT "forecast_generations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Raised by any statement that writes forecasts, whatever wrote it. Not for a forecast that goes
-- with its product (the product's deletion cascades to it): the product's row is gone, and the
-- deletion, which already holds the forecast's row lock, must not then wait for the generation's
-- (held by a writer of forecasts that may be waiting for that forecast: a deadlock).
CREATE FUNCTION "raise_forecast_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		INSERT INTO "forecast_generations" AS g ("account_id", "generation")
			SELECT DISTINCT o."account_id", 1 FROM "old_forecasts" AS o
			WHERE EXISTS (SELECT 1 FROM "products" AS p WHERE p."account_id" = o."account_id" AND p."msku" = o."msku")
			ORDER BY 1
		ON CONFLICT ("account_id") DO UPDATE SET "generation" = g."generation" + 1;
	ELSE
		INSERT INTO "forecast_generations" AS g ("account_id", "generation")
			SELECT DISTINCT n."account_id", 1 FROM "new_forecasts" AS n ORDER BY 1
		ON CONFLICT ("account_id") DO UPDATE SET "generation" = g."generation" + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "forecasts_insert_generation" AFTER INSERT ON "forecasts"
	REFERENCING NEW TABLE AS "new_forecasts" FOR EACH STATEMENT EXECUTE FUNCTION "raise_forecast_generation"();
--> statement-breakpoint
CREATE TRIGGER "forecasts_update_generation" AFTER UPDATE ON "forecasts"
	REFERENCING NEW TABLE AS "new_forecasts" FOR EACH STATEMENT EXECUTE FUNCTION "raise_forecast_generation"();
--> statement-breakpoint
CREATE TRIGGER "forecasts_delete_generation" AFTER DELETE ON "forecasts"
	REFERENCING OLD TABLE AS "old_forecasts" FOR EACH STATEMENT EXECUTE FUNCTION "raise_forecast_generation"();
