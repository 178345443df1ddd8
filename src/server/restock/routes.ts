import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isoDay, utcDayOf } from '../../core/forecast/days';
import { COLUMN_KEYS, orderColumns } from '../../core/restock/columns';
import { mskuParam } from '../../core/restock/msku';
import { parseSingleFieldEdit } from '../../core/restock/row-edit';
import {
  columnOrderRequest,
  columnPickerRequest,
  PRECONDITION_FAILED_MESSAGE,
  RESTOCK_TABLE,
} from '../../core/restock/table-api';
import { requirePermission } from '../access/guards';
import type { AppDeps } from '../app-deps';
import { currentUser } from '../auth/guard';
import { calculationDefaultsFrom } from '../db/calculation-defaults';
import { badRequest, clientGoneSignal, notFound } from '../http/errors';
import { sendAsBuilt } from '../http/send-as-built';
import { mapInTurns } from '../http/turns';
import { parseBody, parseInput } from '../http/validate';
import { ANSWER_CACHE_BYTES, createAnswerCache } from './answer-cache';
import { columnsAnswer } from './columns-answer';
import { firstRowsAnswer } from './first-rows-answer';
import {
  findColumnKeys,
  findProduct,
  forEachProductValues,
  type ProductForRow,
  type StoredProduct,
  saveColumnKeys,
  updateProductField,
} from './queries';
import { createRowCache, ROW_CACHE_BYTES } from './row-cache';
import { keptTableAnswer, type TableState } from './table-answer';
import { FIRST_ROWS_LIMIT, tableRowFromValues, toTableRow } from './table-rows';

const tableParams = z.object({ table: z.string() });
const rowParams = z.object({ table: z.string(), id: mskuParam('id') });
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${FIRST_ROWS_LIMIT}`;
const dataQuery = z.object({
  shape: z.enum(['rows', 'columns'], 'shape must be rows or columns').optional(),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(FIRST_ROWS_LIMIT, { error: LIMIT_MESSAGE })
    .optional(),
});

function assertKnownTable(table: string): void {
  if (table !== RESTOCK_TABLE) throw notFound(`Unknown table "${table.slice(0, 60)}"`);
}

const etag = (product: StoredProduct) => `"${product.version}"`;

/** If-Match carries the version the client edited; '*' or no header means "whatever is there". */
function expectedVersion(request: FastifyRequest): number | null {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return null;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim());
  if (!match) throw badRequest('If-Match must be the ETag of the row');
  return Number(match[1]);
}

export function restockRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, now, requireAuth, runHeavy } = deps;
  const canView = requirePermission(db, 'restock.view');
  const canEdit = requirePermission(db, 'restock.edit');
  const canViewPicker = requirePermission(db, 'column-picker.view');

  // Stock-out and reorder-by dates count from today (UTC).
  const today = () => isoDay(utcDayOf(now()));

  const toRow = (product: ProductForRow) =>
    toTableRow(product, calculationDefaultsFrom(product.calculation_defaults), today());

  const sendRow = (reply: FastifyReply, product: ProductForRow) =>
    reply.header('ETag', etag(product)).send(toRow(product));

  app.get('/api/tables/:table/columns', { preHandler: [requireAuth, canView] }, async (request) => {
    const { table } = parseInput(tableParams, request.params);
    assertKnownTable(table);
    return orderColumns(await findColumnKeys(db, currentUser(request).id, table));
  });

  // Any viewer may arrange their own view; the order is stored per user and table.
  app.patch('/api/tables/:table/columns', { preHandler: [requireAuth, canView] }, async (request) => {
    const { table } = parseInput(tableParams, request.params);
    assertKnownTable(table);
    const { order } = parseBody(columnOrderRequest, request.body);
    const keys = orderColumns(order).map((column) => column.key);
    await saveColumnKeys(db, currentUser(request).id, table, keys, new Date(now()));
    return orderColumns(keys);
  });

  // Whole-table answers of small and middle-sized accounts by shape and snapshot (table-answer.ts).
  const answers = createAnswerCache(ANSWER_CACHE_BYTES);
  // Serialised compact rows per product of any account's size (row-cache.ts).
  const rowCache = createRowCache(ROW_CACHE_BYTES);
  const firstRowsDeps = { db, answers, runHeavy };

  // `?shape=columns` answers {keys, rows: value arrays}: the same data in a third of the bytes (the grid uses it).
  app.get('/api/tables/:table/data', { preHandler: [requireAuth, canView] }, async (request, reply) => {
    const { table } = parseInput(tableParams, request.params);
    assertKnownTable(table);
    const { shape = 'rows', limit } = parseInput(dataQuery, request.query);
    if (limit !== undefined && shape !== 'columns') throw badRequest('limit needs shape=columns');
    const { accountId } = currentUser(request);
    const day = today();
    reply.header('content-type', 'application/json; charset=utf-8');
    if (limit !== undefined) return reply.send(await firstRowsAnswer(firstRowsDeps, accountId, limit, day));
    // The whole table: read, derived and serialised within the account's turns (decision 008),
    // in slices that leave turns to other requests, and handed to `write` as it is made.
    const build = (state: TableState, write: (piece: string) => void, cancel?: AbortSignal) =>
      runHeavy(accountId, async () => {
        // The grid's shape: rows unchanged since the last read are sent as serialised then.
        if (shape === 'columns') return columnsAnswer(db, rowCache, accountId, state, day, write, cancel);
        cancel?.throwIfAborted();
        const defaults = calculationDefaultsFrom(state.defaults);
        let before = '[';
        await forEachProductValues(db, accountId, false, async (values) => {
          cancel?.throwIfAborted();
          const rows = await mapInTurns(values, (row) =>
            JSON.stringify(tableRowFromValues(row, defaults, day)),
          );
          write(before + rows.join(','));
          before = ',';
        });
        write(before === '[' ? '[]' : ']');
      });
    // A stored answer is sent as it is, with no turn to wait for (a table small enough to keep).
    const { state, kept } = await keptTableAnswer(db, answers, accountId, shape, day, async (forState) => {
      const pieces: Buffer[] = [];
      await build(forState, (piece) => pieces.push(Buffer.from(piece, 'utf8')));
      return Buffer.concat(pieces);
    });
    if (kept) return reply.send(await kept);
    // A large table is built for every read: its turns are what keep one account from streaming
    // it in a loop at the expense of the others (decision 008). It is sent as it is made, and a
    // reload or a closed tab stops it: a million rows take seconds of the server's CPU.
    return sendAsBuilt(reply, (write) => build(state, write, clientGoneSignal(reply)));
  });

  app.get('/api/tables/:table/data/:id', { preHandler: [requireAuth, canView] }, async (request, reply) => {
    const { table, id } = parseInput(rowParams, request.params);
    assertKnownTable(table);
    const product = await findProduct(db, currentUser(request).accountId, id);
    // DESIGN 6: another account's msku is indistinguishable from a missing one.
    if (!product) throw notFound('Product not found');
    return sendRow(reply, product);
  });

  app.patch('/api/tables/:table/data/:id', { preHandler: [requireAuth, canEdit] }, async (request, reply) => {
    const { table, id } = parseInput(rowParams, request.params);
    assertKnownTable(table);
    const edit = parseSingleFieldEdit(request.body);
    if (!edit.ok) throw badRequest(edit.message);
    const version = expectedVersion(request);
    const result = await updateProductField(db, {
      accountId: currentUser(request).accountId,
      msku: id,
      field: edit.field,
      value: edit.value,
      expectedVersion: version,
    });
    if (result.outcome === 'not-found') throw notFound('Product not found');
    if (result.outcome === 'stale') {
      const row = toRow(result.product);
      return reply
        .status(412)
        .header('ETag', etag(result.product))
        .send({ message: PRECONDITION_FAILED_MESSAGE, row });
    }
    return sendRow(reply, result.product);
  });

  // SPEC 7 and DESIGN 6: the column picker of /test works on the same per-user column list.
  app.get('/api/dynamic/column-headers', { preHandler: [requireAuth, canViewPicker] }, async () => [
    ...COLUMN_KEYS,
  ]);

  app.get('/api/dynamic/column-picker', { preHandler: [requireAuth, canViewPicker] }, async (request) => ({
    selectedItems: orderColumns(await findColumnKeys(db, currentUser(request).id, RESTOCK_TABLE)).map(
      (c) => c.key,
    ),
  }));

  app.post(
    '/api/save-column-picker',
    { preHandler: [requireAuth, requirePermission(db, 'column-picker.edit')] },
    async (request) => {
      const { selectedItems } = parseBody(columnPickerRequest, request.body);
      const keys = orderColumns(selectedItems).map((column) => column.key);
      await saveColumnKeys(db, currentUser(request).id, RESTOCK_TABLE, keys, new Date(now()));
      return { selectedItems: keys };
    },
  );
}
