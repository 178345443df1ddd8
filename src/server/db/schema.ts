import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  // DESIGN 4: set once at creation, then immutable (no route updates it).
  marketplaceSellerId: text('marketplace_seller_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    contactNumber: text('contact_number'),
    country: text('country'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin', 'beta', 'dev'] }).notNull(),
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    index('users_account_idx').on(table.accountId),
  ],
);

/**
 * docs/decisions/007: a member an owner added, until their first log-in. Adding never tells the
 * owner whether the email belongs to someone elsewhere: every addition is an invitation, claimed
 * at the first log-in with the email and the initial password, unless the email already has a
 * user (then it stays pending until the owner removes it). The user is created with this id.
 */
export const memberInvitations = pgTable(
  'member_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_invitations_account_email_idx').on(table.accountId, sql`lower(${table.email})`),
    index('member_invitations_email_idx').on(sql`lower(${table.email})`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    // The family's absolute end (30 days after log-in); every rotation inherits it.
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_idx').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

/** Fixed-window counters, kept in the database so N app copies share them (DESIGN 1). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

// Money as exact decimals; the pool's type parser hands them to JS as numbers (TESTING).
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/**
 * DESIGN 4 and 5: the restock rows, one per (account, msku). Derived fields are never stored.
 * No foreign key to accounts: its check per inserted row was half of a 100,000-row first import's
 * COPY (decision 005). Every transaction that creates products locks its account's row once
 * instead (`inAccountTransaction`), and deleting an account deletes its products by a trigger
 * (migration 0012), as the cascade did.
 */
export const products = pgTable(
  'products',
  {
    accountId: uuid('account_id').notNull(),
    msku: text('msku').notNull(),
    asin: text('asin'),
    title: text('title'),
    mainThumbnail: text('main_thumbnail'),
    replen: boolean('replen').notNull().default(false),
    supplier: text('supplier'),
    cost: money('cost'),
    buyBoxPrice: money('buy_box_price'),
    yourPrice: money('your_price'),
    referralFee: money('referral_fee'),
    fbaFee: money('fba_fee'),
    competitivePrice: money('competitive_price'),
    salesLast30Days: integer('sales_last_30_days'),
    daysInStockOfLast30: integer('days_in_stock_of_last_30'),
    fbaQuantity: integer('fba_quantity'),
    inboundQuantity: integer('inbound_quantity'),
    localInventoryQuantity: integer('local_inventory_quantity'),
    quantityAlreadyOrdered: integer('quantity_already_ordered'),
    seasonalityMultiplier: numeric('seasonality_multiplier', { precision: 8, scale: 3, mode: 'number' }),
    orderLeadTime: integer('order_lead_time'),
    prepLeadTime: integer('prep_lead_time'),
    amzLeadTime: integer('amz_lead_time'),
    desiredDaysOfInventory: integer('desired_days_of_inventory'),
    casePack: integer('case_pack'),
    moq: integer('moq'),
    marketplace: text('marketplace'),
    currency: text('currency'),
    // The buy list's order quantity when the seller changed it; null = the recommendation.
    orderQuantity: integer('order_quantity'),
    // Bumped on every write; the row's ETag for If-Match (lost-update protection).
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The last import that wrote the product. Other writes leave it: only when the version is
    // still the one that import left is it the import below the product's next one (undo).
    lastImportId: uuid('last_import_id'),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.msku] })],
);

/** Per user and table: the visible column keys in order (column picker and drag reorder). */
export const userTablePrefs = pgTable(
  'user_table_prefs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    columnKeys: jsonb('column_keys').$type<string[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tableName] })],
);

/** Per account: the saved CSV mapping {target: csvColumn | null} and the import choices kept with it. */
export const columnMappings = pgTable('column_mappings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
  // {blanks: 'keep' | 'clear', marketplace?}: remembered with the mapping.
  options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every import of an account (DESIGN 12): who, when, what file, and what it changed. */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // Kept as they were, so the history still names a member who has left.
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    fileName: text('file_name'),
    reportType: text('report_type'),
    blanks: text('blanks', { enum: ['keep', 'clear'] }).notNull(),
    /** The product columns the import wrote. */
    fields: text('fields').array().notNull(),
    inserted: integer('inserted').notNull(),
    updated: integer('updated').notNull(),
    unchanged: integer('unchanged').notNull(),
    /** Per field: how many values changed and how many were cleared. */
    fieldChanges: jsonb('field_changes')
      .$type<{ field: string; changed: number; cleared: number }[]>()
      .notNull(),
    revertedAt: timestamp('reverted_at', { withTimezone: true }),
    revertedBy: text('reverted_by'),
    restored: integer('restored'),
    deleted: integer('deleted'),
    skipped: integer('skipped'),
  },
  (table) => [index('imports_account_created_idx').on(table.accountId, table.createdAt)],
);

/**
 * One row per product an import created or changed: a mask of the fields it changed (bit i is the
 * import's fields[i]), the values it replaced (the same positions, as text; null where the field
 * held nothing or did not change), and the product's version before and after, which tells
 * whether anything touched it since. No foreign key to imports and no primary key: checking
 * one per row would cost a large import seconds (an import validates its mskus as unique); the
 * rows go with their import when the history is trimmed.
 */
export const importChanges = pgTable(
  'import_changes',
  {
    accountId: uuid('account_id').notNull(),
    importId: uuid('import_id').notNull(),
    msku: text('msku').notNull(),
    /** The product's place in the file, so that conflicts are named in file order. */
    ord: integer('ord').notNull(),
    created: boolean('created').notNull(),
    changed: bigint('changed', { mode: 'number' }).notNull(),
    before: text('before').array(),
    versionBefore: integer('version_before'),
    versionAfter: integer('version_after').notNull(),
    /** The last import that had written the product: undone, this row moves that import's row on. */
    importBefore: uuid('import_before'),
  },
  // One import's rows share its id: deduplicated, this index stays small and cheap to write.
  (table) => [index('import_changes_import_idx').on(table.importId)],
);

/** Per account: {path: level} for its user-role members. No row = never saved (members view all). */
export const accessSchemas = pgTable('access_schemas', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  schema: jsonb('schema').$type<Record<string, number>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per account: Settings → Calculations (default lead times and desired days of inventory). */
export const accountSettings = pgTable('account_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  calculationDefaults: jsonb('calculation_defaults').$type<Record<string, number>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const earlyAccessSignups = pgTable(
  'early_access_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    monthlyRevenue: money('monthly_revenue').notNull(),
    asinCount: integer('asin_count').notNull(),
    landingVariant: text('landing_variant'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('early_access_email_lower_idx').on(sql`lower(${table.email})`)],
);

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    supplier: text('supplier'),
    status: text('status', { enum: ['draft', 'ordered', 'received'] })
      .notNull()
      .default('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('purchase_orders_number_idx').on(table.accountId, table.number)],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    msku: text('msku').notNull(),
    title: text('title'),
    asin: text('asin'),
    quantity: integer('quantity').notNull(),
    unitCost: money('unit_cost'),
  },
  (table) => [primaryKey({ columns: [table.purchaseOrderId, table.msku] })],
);

/**
 * DESIGN 10: units sold per product and day (the marketplace's calendar day). Re-importing a day
 * replaces it. No foreign key at all: a million-row ingest checks the products once per file
 * (unknown ones are reported and left out), not once per row, and only writes rows of products of
 * the account, so of an account that exists; a foreign key to accounts cost a quarter of the
 * upsert (decision 012). Deleting an account deletes its daily rows by a trigger (migration
 * 0007) instead of a cascade.
 */
export const dailySales = pgTable(
  'daily_sales',
  {
    accountId: uuid('account_id').notNull(),
    msku: text('msku').notNull(),
    day: date('day').notNull(),
    units: integer('units').notNull(),
    revenue: money('revenue'),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.msku, table.day] })],
);

/**
 * DESIGN 10: the end-of-day available stock per product and day (FBA Inventory Ledger). No foreign
 * key, as daily_sales.
 */
export const dailyStock = pgTable(
  'daily_stock',
  {
    accountId: uuid('account_id').notNull(),
    msku: text('msku').notNull(),
    day: date('day').notNull(),
    available: integer('available').notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.msku, table.day] })],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Decision 012: each product's daily history packed, kept beside the daily rows by every ingest,
 * so that recomputing every forecast reads one row per product instead of one per product and
 * day. `units` and `stock` hold a 4-byte big-endian integer (int4send) per day from `start_day`,
 * -1 for a day without a row; `stock` is null before the product's first stock row.
 */
export const historySeries = pgTable(
  'history_series',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    msku: text('msku').notNull(),
    startDay: date('start_day').notNull(),
    units: bytea('units').notNull(),
    stock: bytea('stock'),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.msku] })],
);

/** Per account: the last day its sales history covers (the forecasts' "today"). */
export const historyRanges = pgTable('history_ranges', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  salesLastDay: date('sales_last_day'),
  stockLastDay: date('stock_last_day'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * DESIGN 10: each product's forecast, written after every ingest so that restock reads never
 * recompute it. Deleting the product deletes its forecast.
 */
export const forecasts = pgTable(
  'forecasts',
  {
    accountId: uuid('account_id').notNull(),
    msku: text('msku').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    dailyRate: doublePrecision('daily_rate').notNull(),
    trend: doublePrecision('trend'),
    seasonalitySuggestion: doublePrecision('seasonality_suggestion'),
    method: text('method').notNull(),
    accuracy: doublePrecision('accuracy'),
    lastDay: date('last_day').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.msku] }),
    foreignKey({
      columns: [table.accountId, table.msku],
      foreignColumns: [products.accountId, products.msku],
    }).onDelete('cascade'),
  ],
);

/**
 * Per account, a number raised by every write of its forecasts (`replaceForecasts`, the one
 * writer; a product's deletion takes its forecast too, but the product's row is gone with it). A
 * restock read keeps the forecasts' row keys while this number stays as it was, rather than reading
 * every forecast again (decision 019).
 */
export const forecastGenerations = pgTable('forecast_generations', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  generation: bigint('generation', { mode: 'number' }).notNull(),
});

/**
 * Each forecast's "why" steps, kept apart from its figures: at about 1.5 kB a forecast they made
 * every row wide, and the restock read, which joins the figures to every product, scanned them all
 * (decision 012). A trigger on `forecasts` deletes a forecast's steps with it.
 */
export const forecastSteps = pgTable(
  'forecast_steps',
  {
    accountId: uuid('account_id').notNull(),
    msku: text('msku').notNull(),
    steps: jsonb('steps').notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.msku] })],
);

/**
 * Parts of a large history file, kept until its last part arrives and the whole file is written in
 * one transaction (or never, when a part fails). One row per part (decision 012): its lines in
 * columns as JSON (`PartLines`), read back by the last part. Unlogged, and stored uncompressed:
 * parts are transient. Parts of an upload that never finishes are deleted after a day.
 */
export const historyUploadParts = pgTable(
  'history_upload_parts',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id').notNull(),
    kind: text('kind', { enum: ['sales', 'stock'] }).notNull(),
    part: integer('part').notNull(),
    lines: text('lines').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.uploadId, table.part] })],
);

/**
 * DESIGN 11: an account's connection to its marketplace seller account. The client secret and the
 * refresh token are sealed with AES-256-GCM (marketplace/secret-box.ts), never stored in clear.
 */
export const marketplaceConnections = pgTable('marketplace_connections', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  region: text('region', { enum: ['na', 'eu', 'fe'] }).notNull(),
  marketplaceId: text('marketplace_id').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  refreshTokenSealed: text('refresh_token_sealed').notNull(),
  refreshTokenLastFour: text('refresh_token_last_four').notNull(),
  // Set when Amazon refused the authorisation (403): scheduled syncs stop until the seller reconnects.
  pausedReason: text('paused_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One marketplace sync: its steps' states, rows, durations and errors. At most one sync per account
 * waits or runs (the partial unique index), whichever app copy started it.
 */
export const marketplaceSyncs = pgTable(
  'marketplace_syncs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['manual', 'schedule'] }).notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    steps: jsonb('steps').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('marketplace_syncs_one_active_idx')
      .on(table.accountId)
      .where(sql`${table.state} IN ('queued', 'running')`),
    index('marketplace_syncs_account_created_idx').on(table.accountId, table.createdAt),
  ],
);

/** A 64-bit transaction id, as `pg_current_xact_id()` gives it; read as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * Which transactions wrote an account's products: one row per account and writing transaction,
 * added by statement triggers on `products` whatever the writer. A kept first screenful stores the
 * snapshot it was read after; it still holds while no row here is from a transaction that snapshot
 * did not see, one index range instead of a pass over every product (decision 019).
 */
export const productChanges = pgTable(
  'product_changes',
  {
    // No foreign key: checking one takes a shared lock on the account's row in every write, and
    // concurrent edits of one account would share it through multixacts. A trigger on accounts
    // deletes an account's rows instead.
    accountId: uuid('account_id').notNull(),
    xid: xid8('xid').notNull(),
    // Whether the transaction may have moved rows in the table's default order: it inserted or
    // deleted products, or named title or msku in an UPDATE. The kept order of the first
    // screenful holds while no such row is from a transaction it did not see.
    reorders: boolean('reorders').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.xid] }),
    // Edits of other fields, the common write, add nothing to it.
    index('product_changes_reorders_idx').on(table.accountId, table.xid).where(sql`${table.reorders}`),
  ],
);

/**
 * Per account, the transaction ids below which its `product_changes` rows were deleted: a kept
 * snapshot older than `horizon` can no longer be checked for changes, so it no longer holds; one
 * older than `reorder_horizon` can no longer be checked for moved rows. Reordering rows are rare
 * and pruned on their own count, so a kept order outlasts the pruning of many edits' rows.
 */
export const productChangeHorizons = pgTable('product_change_horizons', {
  // No foreign key either: a prune would check it against the account's row after locking change
  // rows, the reverse of an account's deletion, and the two deadlocked. The same trigger deletes these.
  accountId: uuid('account_id').primaryKey(),
  horizon: xid8('horizon').notNull(),
  // No default: a prune names it, and a writer that forgot it would leave a kept order unchecked.
  reorderHorizon: xid8('reorder_horizon').notNull(),
});
