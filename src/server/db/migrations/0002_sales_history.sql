CREATE TABLE "daily_sales" (
	"account_id" uuid NOT NULL,
	"msku" text NOT NULL,
	"day" date NOT NULL,
	"units" integer NOT NULL,
	"revenue" numeric(14, 2),
	CONSTRAINT "daily_sales_account_id_msku_day_pk" PRIMARY KEY("account_id","msku","day")
);
--> statement-breakpoint
CREATE TABLE "daily_stock" (
	"account_id" uuid NOT NULL,
	"msku" text NOT NULL,
	"day" date NOT NULL,
	"available" integer NOT NULL,
	CONSTRAINT "daily_stock_account_id_msku_day_pk" PRIMARY KEY("account_id","msku","day")
);
--> statement-breakpoint
CREATE TABLE "forecasts" (
	"account_id" uuid NOT NULL,
	"msku" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"daily_rate" double precision NOT NULL,
	"trend" double precision,
	"seasonality_suggestion" double precision,
	"method" text NOT NULL,
	"steps" jsonb NOT NULL,
	"accuracy" double precision,
	"last_day" date NOT NULL,
	CONSTRAINT "forecasts_account_id_msku_pk" PRIMARY KEY("account_id","msku")
);
--> statement-breakpoint
CREATE TABLE "history_ranges" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"sales_last_day" date,
	"stock_last_day" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history_upload_rows" (
	"account_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"part" integer NOT NULL,
	"line" integer NOT NULL,
	"msku" text NOT NULL,
	"day" date NOT NULL,
	"value" integer NOT NULL,
	"revenue" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_sales" ADD CONSTRAINT "daily_sales_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_stock" ADD CONSTRAINT "daily_stock_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecasts" ADD CONSTRAINT "forecasts_account_id_msku_products_account_id_msku_fk" FOREIGN KEY ("account_id","msku") REFERENCES "public"."products"("account_id","msku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_ranges" ADD CONSTRAINT "history_ranges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_upload_rows" ADD CONSTRAINT "history_upload_rows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "history_upload_rows_upload_idx" ON "history_upload_rows" USING btree ("account_id","upload_id","part");