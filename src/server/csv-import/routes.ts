import type { FastifyError, FastifyInstance } from 'fastify';
import { MAX_IMPORT_ROWS, mappingSchema, parseImportRequest } from '../../core/csv-import/import-schema';
import { requireLevel } from '../access/guards';
import type { AppDeps } from '../app-deps';
import { currentUser } from '../auth/guard';
import { badRequest, conflict } from '../http/errors';
import { parseBody } from '../http/validate';
import { NulCharacterError } from './copy-text';
import { ConcurrentImportError, findSavedMapping, saveMapping, upsertProducts } from './queries';

const MIB = 1024 * 1024;
/**
 * 200,000 rows carrying every import target come to about 110 MiB of JSON (measured with the demo
 * catalogue and image URLs); the spec's ten targets to about 43 MiB. The global limit stays 1 MiB.
 */
export const IMPORT_BODY_LIMIT = 128 * MIB;
export const IMPORT_TOO_LARGE_MESSAGE = `The import is too large: send at most ${MAX_IMPORT_ROWS.toLocaleString(
  'en-US',
)} rows and ${IMPORT_BODY_LIMIT / MIB} MiB at a time`;

export function csvImportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, now, requireAuth } = deps;
  const canImport = requireLevel(db, 'restock.import', 2);
  const canViewImport = requireLevel(db, 'restock.import', 1);

  app.post(
    '/api/dynamic/import-inventory',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      // Checked on request, before the body is read: a stranger's 100 MiB is never parsed.
      onRequest: [requireAuth, canImport],
      errorHandler: (error: FastifyError, _request, reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          return reply.status(413).send({ message: IMPORT_TOO_LARGE_MESSAGE });
        }
        // Everything else goes to the app's error handler.
        throw error;
      },
    },
    async (request) => {
      const parsed = parseImportRequest(request.body);
      if (!parsed.ok) throw badRequest(parsed.message);
      try {
        return await upsertProducts(db, currentUser(request).accountId, parsed.rows);
      } catch (error) {
        if (error instanceof NulCharacterError) throw badRequest(error.message);
        if (error instanceof ConcurrentImportError) throw conflict(error.message);
        throw error;
      }
    },
  );

  app.get('/api/dynamic/get-saved-mapping', { preHandler: [requireAuth, canViewImport] }, async (request) =>
    findSavedMapping(db, currentUser(request).accountId),
  );

  app.put('/api/dynamic/saved-mapping', { preHandler: [requireAuth, canImport] }, async (request) => {
    const { mapping } = parseBody(mappingSchema, request.body);
    return { mapping: await saveMapping(db, currentUser(request).accountId, mapping, new Date(now())) };
  });
}
