-- Decision 012: a forecast's "why" steps (about 1.5 kB) move out of `forecasts`, which the restock
-- read joins to every product: with them inline, that join scanned every forecast's steps and,
-- after a few recomputes, their dead copies too (a read with history took 1.25 to 1.35 times a
-- read without).
CREATE TABLE "forecast_steps" (
	"account_id" uuid NOT NULL,
	"msku" text NOT NULL,
	"steps" jsonb NOT NULL,
	CONSTRAINT "forecast_steps_account_id_msku_pk" PRIMARY KEY("account_id","msku")
);
--> statement-breakpoint
INSERT INTO "forecast_steps" ("account_id", "msku", "steps") SELECT "account_id", "msku", "steps" FROM "forecasts";
--> statement-breakpoint
ALTER TABLE "forecasts" DROP COLUMN "steps";
--> statement-breakpoint
-- A dropped column stays in the rows already written until they are written again: rewriting them
-- now makes every stored forecast narrow at once.
UPDATE "forecasts" SET "method" = "method";
--> statement-breakpoint
-- Steps leave with their forecast (a product or account deleted, a recompute): one statement per
-- delete, where a foreign key would check each written row and cascade row by row.
CREATE FUNCTION "delete_forecast_steps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "forecast_steps" AS s USING "deleted_forecasts" AS d
	WHERE s."account_id" = d."account_id" AND s."msku" = d."msku";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "forecasts_delete_steps" AFTER DELETE ON "forecasts"
	REFERENCING OLD TABLE AS "deleted_forecasts" FOR EACH STATEMENT EXECUTE FUNCTION "delete_forecast_steps"();
