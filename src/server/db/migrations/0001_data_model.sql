CREATE TABLE "access_schemas" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"schema" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"calculation_defaults" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "column_mappings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "early_access_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"monthly_revenue" numeric(14, 2) NOT NULL,
	"asin_count" integer NOT NULL,
	"landing_variant" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"account_id" uuid NOT NULL,
	"msku" text NOT NULL,
	"asin" text,
	"title" text,
	"main_thumbnail" text,
	"replen" boolean DEFAULT false NOT NULL,
	"supplier" text,
	"cost" numeric(14, 2),
	"buy_box_price" numeric(14, 2),
	"your_price" numeric(14, 2),
	"competitive_price" numeric(14, 2),
	"sales_last_30_days" integer,
	"days_in_stock_of_last_30" integer,
	"fba_quantity" integer,
	"inbound_quantity" integer,
	"local_inventory_quantity" integer,
	"quantity_already_ordered" integer,
	"seasonality_multiplier" numeric(8, 3),
	"order_lead_time" integer,
	"prep_lead_time" integer,
	"amz_lead_time" integer,
	"desired_days_of_inventory" integer,
	"case_pack" integer,
	"moq" integer,
	"order_quantity" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_account_id_msku_pk" PRIMARY KEY("account_id","msku")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"purchase_order_id" uuid NOT NULL,
	"msku" text NOT NULL,
	"title" text,
	"asin" text,
	"quantity" integer NOT NULL,
	"unit_cost" numeric(14, 2),
	CONSTRAINT "purchase_order_lines_purchase_order_id_msku_pk" PRIMARY KEY("purchase_order_id","msku")
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"supplier" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ordered_at" timestamp with time zone,
	"received_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_table_prefs" (
	"user_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"column_keys" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_table_prefs_user_id_table_name_pk" PRIMARY KEY("user_id","table_name")
);
--> statement-breakpoint
ALTER TABLE "access_schemas" ADD CONSTRAINT "access_schemas_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_settings" ADD CONSTRAINT "account_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_mappings" ADD CONSTRAINT "column_mappings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_table_prefs" ADD CONSTRAINT "user_table_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "early_access_email_lower_idx" ON "early_access_signups" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_idx" ON "purchase_orders" USING btree ("account_id","number");