import type { FastifyInstance } from 'fastify';
import { calculationDefaultsSchema } from '../../core/restock/product';
import { requireLevel } from '../access/guards';
import type { AppDeps } from '../app-deps';
import { currentUser } from '../auth/guard';
import { parseBody } from '../http/validate';
import { findCalculationDefaults, saveCalculationDefaults } from './queries';

export function settingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, now, requireAuth } = deps;

  app.get('/api/settings/calculations', { preHandler: requireAuth }, async (request) =>
    findCalculationDefaults(db, currentUser(request).accountId),
  );

  app.put(
    '/api/settings/calculations',
    { preHandler: [requireAuth, requireLevel(db, 'settings.calculations', 2)] },
    async (request) => {
      const defaults = parseBody(calculationDefaultsSchema, request.body);
      await saveCalculationDefaults(db, currentUser(request).accountId, defaults, new Date(now()));
      return defaults;
    },
  );
}
