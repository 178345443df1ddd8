CREATE TABLE "import_changes" (
	"account_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"msku" text NOT NULL,
	"ord" integer NOT NULL,
	"created" boolean NOT NULL,
	"changed" bigint NOT NULL,
	"before" text[],
	"version_before" integer,
	"version_after" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"user_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"file_name" text,
	"report_type" text,
	"blanks" text NOT NULL,
	"fields" text[] NOT NULL,
	"inserted" integer NOT NULL,
	"updated" integer NOT NULL,
	"unchanged" integer NOT NULL,
	"field_changes" jsonb NOT NULL,
	"reverted_at" timestamp with time zone,
	"reverted_by" text,
	"restored" integer,
	"deleted" integer,
	"skipped" integer
);
--> statement-breakpoint
ALTER TABLE "column_mappings" ADD COLUMN "options" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "marketplace" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_changes_import_idx" ON "import_changes" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "imports_account_created_idx" ON "imports" USING btree ("account_id","created_at");