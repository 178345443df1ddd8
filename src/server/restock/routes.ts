import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COLUMN_KEYS, orderColumns } from '../../core/restock/columns';
import { parseSingleFieldEdit } from '../../core/restock/product';
import {
  columnOrderRequest,
  columnPickerRequest,
  PRECONDITION_FAILED_MESSAGE,
  RESTOCK_TABLE,
} from '../../core/restock/table-api';
import { requireLevel } from '../access/guards';
import type { AppDeps } from '../app-deps';
import { currentUser } from '../auth/guard';
import { badRequest, notFound } from '../http/errors';
import { parseBody, parseInput } from '../http/validate';
import { findCalculationDefaults } from '../settings/queries';
import {
  findColumnKeys,
  findProduct,
  listProductValues,
  type StoredProduct,
  saveColumnKeys,
  updateProductField,
} from './queries';
import { tableColumnsFromValues, tableRowsFromValues, toTableRow } from './table-rows';

const tableParams = z.object({ table: z.string() });
const rowParams = z.object({ table: z.string(), id: z.string().min(1).max(200) });
const dataQuery = z.object({
  shape: z.enum(['rows', 'columns'], 'shape must be rows or columns').optional(),
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
  const { db, now, requireAuth } = deps;
  const canView = requireLevel(db, 'restock', 1);
  const canEdit = requireLevel(db, 'restock.edit', 2);

  async function toRow(accountId: string, product: StoredProduct) {
    return toTableRow(product, await findCalculationDefaults(db, accountId));
  }

  const sendRow = async (request: FastifyRequest, reply: FastifyReply, product: StoredProduct) =>
    reply.header('ETag', etag(product)).send(await toRow(currentUser(request).accountId, product));

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

  // `?shape=columns` answers {keys, rows: value arrays}: the same data in a third of the bytes (the grid uses it).
  app.get('/api/tables/:table/data', { preHandler: [requireAuth, canView] }, async (request) => {
    const { table } = parseInput(tableParams, request.params);
    assertKnownTable(table);
    const { shape } = parseInput(dataQuery, request.query);
    const { accountId } = currentUser(request);
    const [values, defaults] = await Promise.all([
      listProductValues(db, accountId),
      findCalculationDefaults(db, accountId),
    ]);
    return shape === 'columns'
      ? tableColumnsFromValues(values, defaults)
      : tableRowsFromValues(values, defaults);
  });

  app.get('/api/tables/:table/data/:id', { preHandler: [requireAuth, canView] }, async (request, reply) => {
    const { table, id } = parseInput(rowParams, request.params);
    assertKnownTable(table);
    const product = await findProduct(db, currentUser(request).accountId, id);
    // DESIGN 6: another account's msku is indistinguishable from a missing one.
    if (!product) throw notFound('Product not found');
    return sendRow(request, reply, product);
  });

  app.patch('/api/tables/:table/data/:id', { preHandler: [requireAuth, canEdit] }, async (request, reply) => {
    const { table, id } = parseInput(rowParams, request.params);
    assertKnownTable(table);
    const edit = parseSingleFieldEdit(request.body);
    if (!edit.ok) throw badRequest(edit.message);
    const version = expectedVersion(request);
    const result = await updateProductField(
      db,
      currentUser(request).accountId,
      id,
      edit.field,
      edit.value,
      version,
    );
    if (result.outcome === 'not-found') throw notFound('Product not found');
    if (result.outcome === 'stale') {
      const row = await toRow(currentUser(request).accountId, result.product);
      return reply
        .status(412)
        .header('ETag', etag(result.product))
        .send({ message: PRECONDITION_FAILED_MESSAGE, row });
    }
    return sendRow(request, reply, result.product);
  });

  // SPEC 7 and DESIGN 6: the column picker of /test works on the same per-user column list.
  app.get('/api/dynamic/column-headers', { preHandler: [requireAuth, canView] }, async () => [
    ...COLUMN_KEYS,
  ]);

  app.get('/api/dynamic/column-picker', { preHandler: [requireAuth, canView] }, async (request) => ({
    selectedItems: orderColumns(await findColumnKeys(db, currentUser(request).id, RESTOCK_TABLE)).map(
      (c) => c.key,
    ),
  }));

  app.post(
    '/api/save-column-picker',
    { preHandler: [requireAuth, requireLevel(db, 'column-picker.visible-columns', 2)] },
    async (request) => {
      const { selectedItems } = parseBody(columnPickerRequest, request.body);
      const keys = orderColumns(selectedItems).map((column) => column.key);
      await saveColumnKeys(db, currentUser(request).id, RESTOCK_TABLE, keys, new Date(now()));
      return { selectedItems: keys };
    },
  );
}
