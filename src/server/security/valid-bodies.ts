import { COMPONENT_PATHS } from '../../core/access/registry';
import { BUILT_IN_DEFAULTS } from '../../core/restock/calculation-defaults';
import { COLUMN_KEYS } from '../../core/restock/columns';
import { signUpBody } from '../test-support/http-client';
import type { SellerAccount } from './seller-accounts';

export type BodyContext = {
  /** The caller's account. */
  account: SellerAccount;
  /** The caller's current password (change-password). */
  password: string;
  /** Someone who can log in. */
  login: { email: string; password: string };
  /** Makes emails unique. */
  unique: string;
};

/** Saving "view everywhere" keeps members exactly as they are by default (DESIGN 6). */
const EVERY_COMPONENT_VIEW_ONLY = Object.fromEntries(COMPONENT_PATHS.map((path) => [path, 1]));

/**
 * A body each route accepts (so a 2xx is possible where the caller is allowed), by route; routes
 * not listed take no body. Shared by the authorization matrix and the fuzzer, which mutates them.
 */
export const VALID_BODIES: Readonly<Record<string, (context: BodyContext) => Record<string, unknown>>> = {
  'PATCH /api/buy-list/:msku': () => ({ orderQuantity: 5 }),
  'PATCH /api/purchase-orders/:id': () => ({ status: 'ordered' }),
  'PATCH /api/tables/:table/columns': () => ({ order: [...COLUMN_KEYS] }),
  'PATCH /api/tables/:table/data/:id': () => ({ cost: 12 }),
  'POST /api/account/members': ({ account, unique }) => ({
    fullName: 'Added Member',
    email: `${account.marker.toLowerCase()}-added-${unique}@example.com`,
    password: 'Pebble-Orchard-Sunrise-31',
  }),
  // A new product each time: an import that changes nothing is refused ('No data to save'). The
  // rows as columns, as the page sends them; the rows' own shape is tested with the import.
  'POST /api/dynamic/import-inventory': ({ account, unique }) => ({
    columns: { msku: [`${account.marker}-IMPORTED-${unique}`], title: ['Imported'], cost: [null] },
    leftOut: { cost: [0] },
  }),
  'POST /api/dynamic/import-sales': ({ account }) => ({
    rows: [{ msku: account.msku, day: '2024-01-02', units: 3 }],
  }),
  'POST /api/dynamic/import-stock': ({ account }) => ({
    rows: [{ msku: account.msku, day: '2024-01-02', available: 40 }],
  }),
  'POST /api/dynamic/save-access-schema': () => ({ selectedItems: EVERY_COMPONENT_VIEW_ONLY }),
  'POST /api/early-access': ({ unique }) => ({
    fullName: 'Early Bird',
    email: `early-${unique}@example.com`,
    monthlyRevenue: 5000,
    asinCnt: 12,
  }),
  'POST /api/login': ({ login }) => ({ ...login }),
  'POST /api/logout': () => ({}),
  'POST /api/purchase-orders': ({ account }) => ({ supplier: account.supplier }),
  'POST /api/register': ({ unique }) => signUpBody({ email: `new-seller-${unique}@example.com` }),
  'PUT /api/marketplace/connection': () => ({
    region: 'na',
    marketplaceId: 'ATVPDKIKX0DER',
    clientId: 'amzn1.application-oa2-client.00112233445566778899aabbccddeeff',
    clientSecret: 'amzn1.oa2-cs.v1.matrix0secret0value',
    refreshToken: 'Atzr|IwEBIMatrixRefreshTokenValue0123',
  }),
  'POST /api/save-column-picker': () => ({ selectedItems: [...COLUMN_KEYS] }),
  'POST /change-password': ({ password }) => ({
    oldPassword: password,
    newPassword: 'Copper-Lantern-Meadow-58',
  }),
  'POST /api/imports/:id/revert': () => ({}),
  'PUT /api/dynamic/saved-mapping': () => ({ mapping: { msku: 'SKU', title: 'Name' }, blanks: 'keep' }),
  'PUT /api/settings/calculations': () => ({ ...BUILT_IN_DEFAULTS }),
};
