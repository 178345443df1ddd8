import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { utcDayOf } from '../../core/forecast/days';
import {
  type HistoryKind,
  parseUploadId,
  parseUploadPart,
  validateHistoryColumns,
  validateHistoryRows,
} from '../../core/sales-history/rows';
import { requirePermission } from '../access/guards';
import type { AppDeps } from '../app-deps';
import { currentUser } from '../auth/guard';
import { badRequest, conflict, notFound } from '../http/errors';
import { parseInput } from '../http/validate';
import { findProductHistory, MAX_HISTORY_DAYS } from './product-history';
import {
  discardUpload,
  HistoryInputError,
  importHistory,
  ProductsChangedError,
  stageUploadPart,
  UploadOrderError,
} from './queries';

const MIB = 1024 * 1024;
/** 100,000 rows of {msku, day, units, revenue} come to about 8 MiB of JSON. */
export const HISTORY_BODY_LIMIT = 32 * MIB;
const TOO_LARGE_MESSAGE = `The request is too large: send at most ${HISTORY_BODY_LIMIT / MIB} MiB at a time, in parts of one upload`;
const BODY_KEYS = new Set(['rows', 'columns', 'upload']);

const historyParams = z.object({ msku: z.string().trim().min(1, 'msku is required').max(200) });
const historyQuery = z.object({
  days: z.coerce
    .number({ error: `days must be a whole number from 1 to ${MAX_HISTORY_DAYS}` })
    .int(`days must be a whole number from 1 to ${MAX_HISTORY_DAYS}`)
    .min(1, `days must be a whole number from 1 to ${MAX_HISTORY_DAYS}`)
    .max(MAX_HISTORY_DAYS, `days must be a whole number from 1 to ${MAX_HISTORY_DAYS}`)
    .default(180),
});

export function salesHistoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, now, requireAuth, runHeavy } = deps;
  // DESIGN 6: the same component, level and tenant rules as the inventory import.
  const canImport = requirePermission(db, 'restock.import');
  const canView = requirePermission(db, 'restock.view');

  const importRoute = (path: string, kind: HistoryKind) =>
    app.post(
      path,
      {
        bodyLimit: HISTORY_BODY_LIMIT,
        // Large parts over a slow line: the imports' body timeout, not the 10 s of other bodies.
        config: { bodyTimeoutMs: 120_000 },
        onRequest: [requireAuth, canImport],
        errorHandler: (error: FastifyError, _request, reply) => {
          if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
            return reply.status(413).send({ message: TOO_LARGE_MESSAGE });
          throw error;
        },
      },
      async (request) => {
        const body = request.body;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          throw badRequest('The request body must be a JSON object');
        }
        for (const key in body)
          if (!BODY_KEYS.has(key)) throw badRequest(`Unknown field "${key.slice(0, 40)}"`);
        const {
          rows: input,
          columns,
          upload: uploadInput,
        } = body as { rows?: unknown; columns?: unknown; upload?: unknown };
        const upload = parseUploadPart(uploadInput);
        if (!upload.ok) throw badRequest(upload.message);
        if (input !== undefined && columns !== undefined) throw badRequest('Send rows or columns, not both');
        if (input === undefined && columns === undefined) throw badRequest('rows or columns is required');
        const validation =
          columns === undefined
            ? validateHistoryRows(kind, input, utcDayOf(now()))
            : validateHistoryColumns(kind, columns, utcDayOf(now()));
        if (!validation.ok) throw badRequest(validation.message);
        const { accountId } = currentUser(request);
        try {
          // Whole-table work: within the account's turns (decision 008).
          const saved = await runHeavy(accountId, async () => {
            if (upload.upload && !upload.upload.last) {
              return stageUploadPart(db, accountId, kind, upload.upload, validation.lines);
            }
            return importHistory(db, accountId, kind, validation.lines, upload.upload);
          });
          deps.metrics.recordImportRows(kind, validation.lines.msku.length);
          return saved;
        } catch (error) {
          if (error instanceof HistoryInputError) throw badRequest(error.message);
          if (error instanceof UploadOrderError) throw conflict(error.message);
          if (error instanceof ProductsChangedError) throw conflict(error.message);
          throw error;
        }
      },
    );

  importRoute('/api/dynamic/import-sales', 'sales');
  importRoute('/api/dynamic/import-stock', 'stock');

  // An upload given up before its last part: its staged parts go now, not a day later.
  app.delete('/api/dynamic/history-uploads/:id', { onRequest: [requireAuth, canImport] }, async (request) => {
    const id = parseUploadId((request.params as { id: string }).id);
    if (id === null) throw badRequest('upload id must be a UUID');
    const discarded = await discardUpload(db, currentUser(request).accountId, id);
    // DESIGN 6: another account's upload is indistinguishable from one that is gone.
    if (discarded === 0) throw notFound('Upload not found');
    return { discarded };
  });

  // The product drawer: daily sales and stock of the last `days` days and the stored forecast.
  app.get('/api/products/:msku/history', { preHandler: [requireAuth, canView] }, async (request) => {
    const { msku } = parseInput(historyParams, request.params);
    const { days } = parseInput(historyQuery, request.query);
    const history = await findProductHistory(db, currentUser(request).accountId, msku, days);
    // DESIGN 6: another account's product is indistinguishable from a missing one.
    if (!history) throw notFound('Product not found');
    return history;
  });
}
