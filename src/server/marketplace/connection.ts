import { eq } from 'drizzle-orm';
import {
  type ConnectionInput,
  type ConnectionView,
  lastFourOf,
  NOT_CONNECTED,
} from '../../core/marketplace/connection';
import type { Region } from '../../core/marketplace/marketplaces';
import type { Db } from '../db/pool';
import { accounts, marketplaceConnections } from '../db/schema';
import type { SecretBox } from './secret-box';
import type { Credentials } from './sp-api-client';

export type StoredConnection = {
  region: Region;
  marketplaceId: string;
  credentials: Credentials;
  pausedReason: string | null;
};

export async function connectionView(db: Db, accountId: string): Promise<ConnectionView> {
  const [row] = await db
    .select({
      region: marketplaceConnections.region,
      marketplaceId: marketplaceConnections.marketplaceId,
      clientId: marketplaceConnections.clientId,
      lastFour: marketplaceConnections.refreshTokenLastFour,
      pausedReason: marketplaceConnections.pausedReason,
      sellerId: accounts.marketplaceSellerId,
    })
    .from(marketplaceConnections)
    .innerJoin(accounts, eq(accounts.id, marketplaceConnections.accountId))
    .where(eq(marketplaceConnections.accountId, accountId));
  if (!row) return NOT_CONNECTED;
  return {
    connected: true,
    region: row.region,
    marketplaceId: row.marketplaceId,
    sellerId: row.sellerId,
    clientId: row.clientId,
    secrets: { clientSecret: 'set', refreshToken: 'set' },
    lastFour: row.lastFour,
    pausedReason: row.pausedReason,
  };
}

/** Saves (or replaces) the connection; a new authorisation lifts a pause. */
export async function saveConnection(
  db: Db,
  box: SecretBox,
  accountId: string,
  input: ConnectionInput,
  at: Date,
) {
  const values = {
    region: input.region,
    marketplaceId: input.marketplaceId,
    clientId: input.clientId,
    clientSecretSealed: box.seal(input.clientSecret, accountId),
    refreshTokenSealed: box.seal(input.refreshToken, accountId),
    refreshTokenLastFour: lastFourOf(input.refreshToken),
    pausedReason: null,
    updatedAt: at,
  };
  await db
    .insert(marketplaceConnections)
    .values({ accountId, ...values, createdAt: at })
    .onConflictDoUpdate({ target: marketplaceConnections.accountId, set: values });
}

/** Deletes the connection with its secrets; the products and history it synced stay. */
export async function deleteConnection(db: Db, accountId: string) {
  await db.delete(marketplaceConnections).where(eq(marketplaceConnections.accountId, accountId));
}

export async function loadConnection(
  db: Db,
  box: SecretBox,
  accountId: string,
): Promise<StoredConnection | null> {
  const [row] = await db
    .select()
    .from(marketplaceConnections)
    .where(eq(marketplaceConnections.accountId, accountId));
  if (!row) return null;
  return {
    region: row.region,
    marketplaceId: row.marketplaceId,
    pausedReason: row.pausedReason,
    credentials: {
      clientId: row.clientId,
      clientSecret: box.open(row.clientSecretSealed, accountId),
      refreshToken: box.open(row.refreshTokenSealed, accountId),
    },
  };
}

export async function pauseConnection(db: Db, accountId: string, reason: string) {
  await db
    .update(marketplaceConnections)
    .set({ pausedReason: reason })
    .where(eq(marketplaceConnections.accountId, accountId));
}
