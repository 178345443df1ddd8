import type { FastifyInstance } from 'fastify';
import { calculationDefaultsSchema } from '../../core/restock/calculation-defaults-schema';
import { requirePermission } from '../access/guards';
import type { AppDeps } from '../app-deps';
import { currentUser } from '../auth/guard';
import { findCalculationDefaults } from '../db/calculation-defaults';
import { parseBody } from '../http/validate';
import { saveCalculationDefaults } from './queries';

export function settingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, now, requireAuth } = deps;

  app.get('/api/settings/calculations', { preHandler: requireAuth }, async (request) =>
    findCalculationDefaults(db, currentUser(request).accountId),
  );

  app.put(
    '/api/settings/calculations',
    { preHandler: [requireAuth, requirePermission(db, 'calculations.edit')] },
    async (request) => {
      const defaults = parseBody(calculationDefaultsSchema, request.body);
      await saveCalculationDefaults(db, currentUser(request).accountId, defaults, new Date(now()));
      return defaults;
    },
  );
}
