-- Decision 005: an undo moves on only the history rows of the imports that had written the
-- products it restores, named per row, instead of joining the history of every import not undone.
ALTER TABLE "import_changes" ADD COLUMN "import_before" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "last_import_id" uuid;--> statement-breakpoint
-- The history kept so far: a version is written once per product, so the import not undone whose
-- row left the version another row replaced is the one it sat on.
UPDATE "import_changes" AS c SET "import_before" = o."import_id"
FROM "import_changes" AS o JOIN "imports" AS i ON i."id" = o."import_id" AND i."reverted_at" IS NULL
WHERE NOT c."created" AND o."account_id" = c."account_id" AND o."msku" = c."msku"
	AND o."version_after" = c."version_before" AND o."import_id" <> c."import_id";--> statement-breakpoint
UPDATE "products" AS p SET "last_import_id" = c."import_id"
FROM "import_changes" AS c JOIN "imports" AS i ON i."id" = c."import_id" AND i."reverted_at" IS NULL
WHERE c."account_id" = p."account_id" AND c."msku" = p."msku" AND c."version_after" = p."version";
