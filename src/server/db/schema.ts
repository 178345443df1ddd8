import { sql } from 'drizzle-orm';
import {
  boolean,
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

/** DESIGN 4 and 5: the restock rows, one per (account, msku). Derived fields are never stored. */
export const products = pgTable(
  'products',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    msku: text('msku').notNull(),
    asin: text('asin'),
    title: text('title'),
    mainThumbnail: text('main_thumbnail'),
    replen: boolean('replen').notNull().default(false),
    supplier: text('supplier'),
    cost: money('cost'),
    buyBoxPrice: money('buy_box_price'),
    yourPrice: money('your_price'),
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
    // The buy list's order quantity when the seller changed it; null = the recommendation.
    orderQuantity: integer('order_quantity'),
    // Bumped on every write; the row's ETag for If-Match (lost-update protection).
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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

/** Per account: the saved CSV mapping {target: csvColumn | null}. */
export const columnMappings = pgTable('column_mappings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
