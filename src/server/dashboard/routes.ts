import type { FastifyInstance } from 'fastify';
import type { Dashboard } from '../../core/dashboard/api';
import { type DashboardRow, dashboardRowOf, summarizeStock } from '../../core/dashboard/summary';
import { isoDay, utcDayOf } from '../../core/forecast/days';
import { requirePermission } from '../access/guards';
import type { AppDeps } from '../app-deps';
import { currentUser } from '../auth/guard';
import { calculationDefaultsFrom } from '../db/calculation-defaults';
import { clientGoneSignal } from '../http/errors';
import { mapInTurns } from '../http/turns';
import { findTableStamp, forEachProductValues } from '../restock/queries';
import { tableRowFromValues } from '../restock/table-rows';
import { findLastDataUpdate, findOpenOrders } from './queries';

export function dashboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, now, requireAuth, runHeavy } = deps;
  // The figures name products and their numbers: the same right as reading the restock table.
  const preHandler = [requireAuth, requirePermission(db, 'restock.view')];

  app.get('/api/dashboard', { preHandler }, async (request, reply): Promise<Dashboard> => {
    const { accountId } = currentUser(request);
    // A reload or a closed tab stops the figures' read, as the table's.
    const gone = clientGoneSignal(reply);
    const today = isoDay(utcDayOf(now()));
    // The rows of GET /api/tables/restock/data, built by the same code, so the figures agree with it.
    const stock = await runHeavy(accountId, async () => {
      // The account's defaults as the table reads them (stored with the table's stamp; none wanted,
      // 0: the account's forecasts are not scanned for it).
      const defaults = calculationDefaultsFrom((await findTableStamp(db, accountId, 0)).defaults);
      // Only the fields the figures read are kept of each row, a chunk of products at a time.
      const rows: DashboardRow[] = [];
      await forEachProductValues(db, accountId, false, async (values) => {
        gone.throwIfAborted();
        const chunk = await mapInTurns(values, (row) =>
          dashboardRowOf(tableRowFromValues(row, defaults, today) as unknown as DashboardRow),
        );
        for (const row of chunk) rows.push(row);
      });
      return summarizeStock(rows, today);
    });
    const [openOrders, freshness] = await Promise.all([
      findOpenOrders(db, accountId),
      findLastDataUpdate(db, accountId),
    ]);
    return { today, ...stock, openOrders, ...freshness };
  });
}
