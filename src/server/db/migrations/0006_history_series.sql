CREATE TABLE "history_series" (
	"account_id" uuid NOT NULL,
	"msku" text NOT NULL,
	"start_day" date NOT NULL,
	"units" "bytea" NOT NULL,
	"stock" "bytea",
	CONSTRAINT "history_series_account_id_msku_pk" PRIMARY KEY("account_id","msku")
);
--> statement-breakpoint
ALTER TABLE "history_series" ADD CONSTRAINT "history_series_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 012: the history already stored, packed (the same statement as rebuildSeriesSql in
-- src/server/sales-history/series.ts, for every account).
WITH sales AS (
  SELECT account_id, msku, day, units AS value, day - lag(day) OVER w - 1 AS gap FROM daily_sales
  WINDOW w AS (PARTITION BY account_id, msku ORDER BY day)
), stock AS (
  SELECT account_id, msku, day, available AS value, day - lag(day) OVER w - 1 AS gap FROM daily_stock
  WINDOW w AS (PARTITION BY account_id, msku ORDER BY day)
), sales_packed AS (
  SELECT account_id, msku, min(day) AS first,
    string_agg(decode(repeat('ffffffff', coalesce(gap, 0)), 'hex') || int4send(value), ''::bytea ORDER BY day) AS packed
  FROM sales GROUP BY account_id, msku
), stock_packed AS (
  SELECT account_id, msku, min(day) AS first,
    string_agg(decode(repeat('ffffffff', coalesce(gap, 0)), 'hex') || int4send(value), ''::bytea ORDER BY day) AS packed
  FROM stock GROUP BY account_id, msku
)
INSERT INTO history_series (account_id, msku, start_day, units, stock)
SELECT coalesce(u.account_id, k.account_id), coalesce(u.msku, k.msku), least(u.first, k.first),
  coalesce(decode(repeat('ffffffff', u.first - least(u.first, k.first)), 'hex') || u.packed, ''::bytea),
  decode(repeat('ffffffff', k.first - least(u.first, k.first)), 'hex') || k.packed
FROM sales_packed AS u FULL JOIN stock_packed AS k ON k.account_id = u.account_id AND k.msku = u.msku;
