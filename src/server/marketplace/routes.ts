import type { FastifyInstance } from 'fastify';
import {
  connectionInputSchema,
  NOT_CONNECTED,
  NOT_CONNECTED_MESSAGE,
} from '../../core/marketplace/connection';
import { findMarketplace } from '../../core/marketplace/marketplaces';
import { requirePermission } from '../access/guards';
import type { AppDeps } from '../app-deps';
import { currentUser } from '../auth/guard';
import { conflict, HttpError } from '../http/errors';
import { parseBody } from '../http/validate';
import { connectionView, deleteConnection, loadConnection, saveConnection } from './connection';
import { createSpApiClient, SpApiError } from './sp-api-client';
import { syncJob } from './sync-job';
import { currentSync, dropQueuedSync, queueSync, type SyncDeps } from './sync-runner';

export type MarketplaceDeps = { sync: SyncDeps };

export function marketplaceRoutes(app: FastifyInstance, deps: AppDeps, marketplace: MarketplaceDeps): void {
  const { db, now, requireAuth } = deps;
  const { box } = marketplace.sync;
  const runSyncs = syncJob(marketplace.sync);
  const view = [requireAuth, requirePermission(db, 'marketplace.view')];
  const edit = [requireAuth, requirePermission(db, 'marketplace.edit')];

  app.get('/api/marketplace/connection', { preHandler: view }, async (request) =>
    connectionView(db, currentUser(request).accountId),
  );

  app.put('/api/marketplace/connection', { preHandler: edit }, async (request) => {
    const input = parseBody(connectionInputSchema, request.body);
    const { accountId } = currentUser(request);
    await saveConnection(db, box, accountId, input, new Date(now()));
    return connectionView(db, accountId);
  });

  app.delete('/api/marketplace/connection', { preHandler: edit }, async (request) => {
    await deleteConnection(db, currentUser(request).accountId);
    return NOT_CONNECTED;
  });

  // Exchanges the refresh token and asks for one page of inventory: the cheapest call the sync makes.
  app.post('/api/marketplace/connection/test', { preHandler: edit }, async (request) => {
    const connection = await loadConnection(db, box, currentUser(request).accountId);
    const market = connection && findMarketplace(connection.marketplaceId);
    if (!connection || !market) throw conflict(NOT_CONNECTED_MESSAGE);
    const client = createSpApiClient({
      ...marketplace.sync.client,
      maxAttempts: 2,
      region: connection.region,
      credentials: connection.credentials,
    });
    try {
      await client.get('/fba/inventory/v1/summaries', {
        details: 'false',
        granularityType: 'Marketplace',
        granularityId: market.id,
        marketplaceIds: market.id,
      });
      return { ok: true, message: `Connected: Amazon accepted the credentials for ${market.country}.` };
    } catch (error) {
      if (error instanceof SpApiError) return { ok: false, message: error.message };
      throw error;
    }
  });

  app.post('/api/marketplace/sync', { preHandler: edit }, async (request, reply) => {
    const { accountId } = currentUser(request);
    const syncId = await queueSync(marketplace.sync, accountId, 'manual');
    // Any app copy runs it. A run of the account already waiting (null) picks this sync up too.
    try {
      await deps.jobs.enqueue(runSyncs, { accountId });
    } catch (error) {
      // A sync nobody will run would answer 409 to every later "Sync now".
      await dropQueuedSync(db, syncId);
      request.log.error({ err: error }, 'queuing the marketplace sync failed');
      throw new HttpError(503, 'The sync could not be started just now. Please try again in a minute.');
    }
    return reply.code(202).send({ syncId });
  });

  app.get('/api/marketplace/sync', { preHandler: view }, async (request) =>
    currentSync(db, currentUser(request).accountId),
  );
}
