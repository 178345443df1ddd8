-- Decision 019: the change rows that may have moved rows in the default order are pruned on their
-- own count, below a horizon of their own, so that a kept first screenful's order outlasts the
-- pruning of many edits' rows. Until now every row below the horizon was deleted, reordering or not.
ALTER TABLE "product_change_horizons" ADD COLUMN "reorder_horizon" "xid8" DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "product_change_horizons" SET "reorder_horizon" = "horizon";--> statement-breakpoint
-- Every writer names it: a copy of the app from before this migration, still running, fails to
-- raise a horizon instead of leaving the new one behind.
ALTER TABLE "product_change_horizons" ALTER COLUMN "reorder_horizon" DROP DEFAULT;
