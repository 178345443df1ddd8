import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { compareBuyListLines, groupBuyList, supplierName, toBuyListLine } from '../../core/buy-list/buy-list';
import { buyListSheet, purchaseOrderSheet, type Sheet, sheetToCsvChunks } from '../../core/buy-list/exports';
import {
  buyListFileName,
  type ExportFormat,
  nothingToOrderMessage,
  purchaseOrderFileName,
  transitionProblem,
} from '../../core/buy-list/purchase-orders';
import {
  createPurchaseOrderRequest,
  isPurchaseOrderId,
  mskuParams,
  orderQuantityRequest,
  purchaseOrderStatusRequest,
} from '../../core/buy-list/schemas';
import { isoDate } from '../../core/dates';
import { requirePermission } from '../access/guards';
import type { AppDeps } from '../app-deps';
import { currentUser } from '../auth/guard';
import { findCalculationDefaults } from '../db/calculation-defaults';
import { conflict, notFound } from '../http/errors';
import { mapInTurns, sortInTurns } from '../http/turns';
import { parseBody, parseInput } from '../http/validate';
import {
  changePurchaseOrderStatus,
  createPurchaseOrder,
  findPurchaseOrder,
  listBuyListProducts,
  listDrafts,
  listPurchaseOrders,
  removeFromBuyList,
  setOrderQuantity,
} from './queries';
import { sheetToXlsx, XLSX_CONTENT_TYPE } from './xlsx';

const NOT_ON_BUY_LIST = 'Product is not on the buy list';
const PURCHASE_ORDER_NOT_FOUND = 'Purchase order not found';

const orderParams = z.object({ id: z.string() });

/** DESIGN 6: a malformed id, a missing order and another account's order all answer 404. */
function purchaseOrderId(params: unknown): string {
  const { id } = parseInput(orderParams, params);
  if (!isPurchaseOrderId(id)) throw notFound(PURCHASE_ORDER_NOT_FOUND);
  return id;
}

async function sendSheet(reply: FastifyReply, sheet: Sheet, format: ExportFormat, fileName: string) {
  reply
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store');
  if (format === 'csv') {
    // Streamed in pieces: a 200,000-line export is never one string, and others get turns meanwhile.
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .send(Readable.from(sheetToCsvChunks(sheet)));
  }
  return reply.header('content-type', XLSX_CONTENT_TYPE).send(await sheetToXlsx(sheet));
}

export function buyListRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, now, requireAuth, runHeavy } = deps;
  const canView = [requireAuth, requirePermission(db, 'buy-list.view')];
  const canEdit = [requireAuth, requirePermission(db, 'buy-list.edit')];
  const canViewOrders = [requireAuth, requirePermission(db, 'purchase-orders.view')];
  const canEditOrders = [requireAuth, requirePermission(db, 'purchase-orders.edit')];

  /** The whole buy list, computed within the account's turns for large work (decision 008). */
  const buyListOf = (accountId: string) => runHeavy(accountId, () => computeBuyList(accountId));

  async function computeBuyList(accountId: string) {
    const [products, drafts, defaults] = await Promise.all([
      listBuyListProducts(db, accountId),
      listDrafts(db, accountId),
      findCalculationDefaults(db, accountId),
    ]);
    const lines = await mapInTurns(products, (product) => toBuyListLine(product, defaults));
    // Sorted in slices first: grouping a list already in order is then linear.
    return groupBuyList(await sortInTurns(lines, compareBuyListLines), drafts);
  }

  app.get('/api/buy-list', { preHandler: canView }, async (request) =>
    buyListOf(currentUser(request).accountId),
  );

  for (const format of ['csv', 'xlsx'] as const) {
    app.get(`/api/buy-list/export.${format}`, { preHandler: canView }, async (request, reply) => {
      const date = isoDate(now());
      const { accountId } = currentUser(request);
      return runHeavy(accountId, async () => {
        const sheet = buyListSheet(await computeBuyList(accountId), date);
        return sendSheet(reply, sheet, format, buyListFileName(date, format));
      });
    });

    app.get(
      `/api/purchase-orders/:id/export.${format}`,
      { preHandler: canViewOrders },
      async (request, reply) => {
        const { accountId } = currentUser(request);
        const id = purchaseOrderId(request.params);
        return runHeavy(accountId, async () => {
          const order = await findPurchaseOrder(db, accountId, id);
          if (!order) throw notFound(PURCHASE_ORDER_NOT_FOUND);
          const fileName = purchaseOrderFileName(order.number, order.supplierName, format);
          return sendSheet(reply, purchaseOrderSheet(order), format, fileName);
        });
      },
    );
  }

  app.patch('/api/buy-list/:msku', { preHandler: canEdit }, async (request) => {
    const { msku } = parseInput(mskuParams, request.params);
    const { orderQuantity } = parseBody(orderQuantityRequest, request.body);
    const { accountId } = currentUser(request);
    const product = await setOrderQuantity(db, accountId, msku, orderQuantity);
    if (!product) throw notFound(NOT_ON_BUY_LIST);
    return toBuyListLine(product, await findCalculationDefaults(db, accountId));
  });

  // Unflags the product (replen off) and forgets its order quantity.
  app.delete('/api/buy-list/:msku', { preHandler: canEdit }, async (request, reply) => {
    const { msku } = parseInput(mskuParams, request.params);
    if (!(await removeFromBuyList(db, currentUser(request).accountId, msku))) throw notFound(NOT_ON_BUY_LIST);
    return reply.status(204).send();
  });

  app.get('/api/purchase-orders', { preHandler: canViewOrders }, async (request) => {
    const { accountId } = currentUser(request);
    return { purchaseOrders: await runHeavy(accountId, () => listPurchaseOrders(db, accountId)) };
  });

  app.get('/api/purchase-orders/:id', { preHandler: canViewOrders }, async (request) => {
    const order = await findPurchaseOrder(
      db,
      currentUser(request).accountId,
      purchaseOrderId(request.params),
    );
    if (!order) throw notFound(PURCHASE_ORDER_NOT_FOUND);
    return order;
  });

  app.post('/api/purchase-orders', { preHandler: canEditOrders }, async (request, reply) => {
    const { supplier } = parseBody(createPurchaseOrderRequest, request.body);
    const { accountId } = currentUser(request);
    const result = await runHeavy(accountId, async () =>
      createPurchaseOrder(
        db,
        accountId,
        supplier,
        await findCalculationDefaults(db, accountId),
        new Date(now()),
      ),
    );
    if (result.outcome === 'nothing-to-order') throw conflict(nothingToOrderMessage(supplierName(supplier)));
    // A supplier's open draft is rebuilt rather than doubled (core purchase-orders.ts).
    return reply.status(result.outcome === 'created' ? 201 : 200).send(result.order);
  });

  app.patch('/api/purchase-orders/:id', { preHandler: canEditOrders }, async (request) => {
    const id = purchaseOrderId(request.params);
    const { status } = parseBody(purchaseOrderStatusRequest, request.body);
    const result = await changePurchaseOrderStatus(
      db,
      currentUser(request).accountId,
      id,
      status,
      new Date(now()),
    );
    if (result.outcome === 'not-found') throw notFound(PURCHASE_ORDER_NOT_FOUND);
    if (result.outcome === 'conflict') {
      throw conflict(transitionProblem(result.number, result.status, status) ?? 'The purchase order changed');
    }
    return result.order;
  });
}
