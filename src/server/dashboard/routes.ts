import type { FastifyInstance } from 'fastify';
import type { Dashboard } from '../../core/dashboard/api';
import { type DashboardRow, summarizeStock } from '../../core/dashboard/summary';
import { isoDay, utcDayOf } from '../../core/forecast/days';
import { requirePermission } from '../access/guards';
import type { AppDeps } from '../app-deps';
import { currentUser } from '../auth/guard';
import { calculationDefaultsFrom } from '../db/calculation-defaults';
import { mapInTurns } from '../http/turns';
import { findTableStamp, listProductValues } from '../restock/queries';
import { tableRowFromValues } from '../restock/table-rows';
import { findLastDataUpdate, findOpenOrders } from './queries';

export function dashboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, now, requireAuth, runHeavy } = deps;
  // The figures name products and their numbers: the same right as reading the restock table.
  const preHandler = [requireAuth, requirePermission(db, 'restock.view')];

  app.get('/api/dashboard', { preHandler }, async (request): Promise<Dashboard> => {
    const { accountId } = currentUser(request);
    const today = isoDay(utcDayOf(now()));
    // The rows of GET /api/tables/restock/data, built by the same code, so the figures agree with it.
    const stock = await runHeavy(accountId, async () => {
      // The account's defaults as the table reads them (stored with the table's stamp).
      const [values, { defaults: stored }] = await Promise.all([
        listProductValues(db, accountId),
        // No stamp wanted (0): the account's forecasts are not scanned for it.
        findTableStamp(db, accountId, 0),
      ]);
      const defaults = calculationDefaultsFrom(stored);
      const rows = await mapInTurns(values, (row) => tableRowFromValues(row, defaults, today));
      return summarizeStock(rows as unknown as DashboardRow[], today);
    });
    const [openOrders, freshness] = await Promise.all([
      findOpenOrders(db, accountId),
      findLastDataUpdate(db, accountId),
    ]);
    return { today, ...stock, openOrders, ...freshness };
  });
}
