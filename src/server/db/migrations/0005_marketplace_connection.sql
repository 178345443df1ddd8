CREATE TABLE "marketplace_connections" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"region" text NOT NULL,
	"marketplace_id" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"refresh_token_sealed" text NOT NULL,
	"refresh_token_last_four" text NOT NULL,
	"paused_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"state" text NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "referral_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fba_fee" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "marketplace_connections" ADD CONSTRAINT "marketplace_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_syncs" ADD CONSTRAINT "marketplace_syncs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_syncs_one_active_idx" ON "marketplace_syncs" USING btree ("account_id") WHERE "marketplace_syncs"."state" IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "marketplace_syncs_account_created_idx" ON "marketplace_syncs" USING btree ("account_id","created_at");