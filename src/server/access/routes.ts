import type { FastifyInstance } from 'fastify';
import { memberSchemaLevels } from '../../core/access/access-map';
import { saveAccessSchemaRequest } from '../../core/access/access-requests';
import type { AppDeps } from '../app-deps';
import { currentUser } from '../auth/guard';
import { parseBody } from '../http/validate';
import { accessComponentsFor, requirePermission } from './guards';
import { findAccessSchema, saveAccessSchema } from './queries';

export function accessRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, now, requireAuth } = deps;

  app.get('/api/dynamic/access-components', { preHandler: requireAuth }, async (request) =>
    accessComponentsFor(db, currentUser(request)),
  );

  const adminOnly = { preHandler: [requireAuth, requirePermission(db, 'access-schema.edit')] };

  // The editor opens on what members get today, so a never-saved account shows "Can View" everywhere.
  app.get('/api/dynamic/access-schema-tree', adminOnly, async (request) => ({
    finalItems: memberSchemaLevels(await findAccessSchema(db, currentUser(request).accountId)),
  }));

  app.post('/api/dynamic/save-access-schema', adminOnly, async (request) => {
    const { selectedItems } = parseBody(saveAccessSchemaRequest, request.body);
    await saveAccessSchema(db, currentUser(request).accountId, selectedItems, new Date(now()));
    return { message: 'Access schema saved' };
  });
}
