import { Fragment, useState } from 'react';
import { toast } from 'react-toastify';
import {
  type ExportFormat,
  purchaseOrderFileName,
  purchaseOrderTitle,
  STATUS_LABELS,
} from '../../../core/buy-list/purchase-orders';
import type { PurchaseOrderSummary } from '../../../core/buy-list/schemas';
import { isoDate } from '../../../core/dates';
import { formatCurrency, formatNumber } from '../../../core/restock/formatters';
import { downloadExport } from '../../lib/download';
import { Button } from '../../ui/Button';
import { usePurchaseOrder, usePurchaseOrders, useSetPurchaseOrderStatus } from './api';
import styles from './BuyListPage.module.css';

function OrderLines({ id, columns }: { id: string; columns: number }) {
  const order = usePurchaseOrder(id);
  return (
    <tr>
      <td colSpan={columns} className={styles.linesCell}>
        {order.isPending ? <p>Loading...</p> : null}
        {order.isError ? <p role="alert">Error loading data</p> : null}
        {order.data ? (
          <table className={styles.table} aria-label={`Lines of ${purchaseOrderTitle(order.data.number)}`}>
            <thead>
              <tr>
                <th scope="col">MSKU</th>
                <th scope="col">ASIN</th>
                <th scope="col">Title</th>
                <th scope="col" className={styles.number}>
                  Quantity
                </th>
                <th scope="col" className={styles.number}>
                  Unit cost
                </th>
                <th scope="col" className={styles.number}>
                  Line total
                </th>
              </tr>
            </thead>
            <tbody>
              {order.data.lines.map((line) => (
                <tr key={line.msku}>
                  <td data-label="MSKU">{line.msku}</td>
                  <td data-label="ASIN">{line.asin ?? '-'}</td>
                  <td data-label="Title">{line.title ?? '-'}</td>
                  <td className={styles.number} data-label="Quantity">
                    {formatNumber(line.quantity)}
                  </td>
                  <td className={styles.number} data-label="Unit cost">
                    {formatCurrency(line.unitCost)}
                  </td>
                  <td className={styles.number} data-label="Line total">
                    {formatCurrency(line.lineTotal)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </td>
    </tr>
  );
}

const COLUMNS = 8;

function whenText(order: PurchaseOrderSummary): string {
  if (order.receivedAt) return `received ${isoDate(order.receivedAt)}`;
  if (order.orderedAt) return `ordered ${isoDate(order.orderedAt)}`;
  return `created ${isoDate(order.createdAt)}`;
}

/** Every purchase order with its status, its next step and its downloads. */
export function PurchaseOrdersSection({ canOrder }: { canOrder: boolean }) {
  const orders = usePurchaseOrders();
  const setStatus = useSetPurchaseOrderStatus();
  const [openId, setOpenId] = useState<string | null>(null);

  const download = (order: PurchaseOrderSummary, format: ExportFormat) =>
    downloadExport(
      `/api/purchase-orders/${order.id}/export.${format}`,
      purchaseOrderFileName(order.number, order.supplierName, format),
    ).catch((error: Error) => toast.error(error.message));

  return (
    <section className={styles.orders} aria-label="Purchase orders">
      <h2>Purchase orders</h2>
      {orders.isPending ? <p>Loading...</p> : null}
      {orders.isError ? <p role="alert">Error loading data</p> : null}
      {orders.data?.length === 0 ? (
        <p className={styles.muted}>No purchase orders yet. Create one from a supplier above.</p>
      ) : null}
      {orders.data && orders.data.length > 0 ? (
        <div className={styles.tableScroll}>
          <table className={styles.table} aria-label="Purchase orders">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Supplier</th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
                <th scope="col" className={styles.number}>
                  Lines
                </th>
                <th scope="col" className={styles.number}>
                  Units
                </th>
                <th scope="col" className={styles.number}>
                  Total
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.data.map((order) => {
                const title = purchaseOrderTitle(order.number);
                const isOpen = openId === order.id;
                return (
                  <Fragment key={order.id}>
                    <tr aria-label={title}>
                      <td data-label="Order">{title}</td>
                      <td data-label="Supplier">{order.supplierName}</td>
                      <td data-label="Status">
                        <span className={`${styles.status} ${styles[order.status]}`}>
                          {STATUS_LABELS[order.status]}
                        </span>
                      </td>
                      <td data-label="Date">{whenText(order)}</td>
                      <td className={styles.number} data-label="Lines">
                        {formatNumber(order.lineCount)}
                      </td>
                      <td className={styles.number} data-label="Units">
                        {formatNumber(order.units)}
                      </td>
                      <td className={styles.number} data-label="Total">
                        {formatCurrency(order.total)}
                      </td>
                      <td className={styles.actions} data-label="">
                        {canOrder && order.status === 'draft' ? (
                          <Button
                            disabled={setStatus.isPending}
                            aria-label={`Mark ${title} ordered`}
                            onClick={() => setStatus.mutate({ id: order.id, status: 'ordered' })}
                          >
                            Mark ordered
                          </Button>
                        ) : null}
                        {canOrder && order.status === 'ordered' ? (
                          <Button
                            disabled={setStatus.isPending}
                            aria-label={`Mark ${title} received`}
                            onClick={() => setStatus.mutate({ id: order.id, status: 'received' })}
                          >
                            Mark received
                          </Button>
                        ) : null}
                        <Button
                          variant="secondary"
                          aria-label={`Download ${title} as CSV`}
                          onClick={() => void download(order, 'csv')}
                        >
                          CSV
                        </Button>
                        <Button
                          variant="secondary"
                          aria-label={`Download ${title} as XLSX`}
                          onClick={() => void download(order, 'xlsx')}
                        >
                          XLSX
                        </Button>
                        <Button
                          variant="ghost"
                          aria-expanded={isOpen}
                          aria-label={`${isOpen ? 'Hide' : 'Show'} lines of ${title}`}
                          onClick={() => setOpenId(isOpen ? null : order.id)}
                        >
                          {isOpen ? 'Hide lines' : 'Lines'}
                        </Button>
                      </td>
                    </tr>
                    {isOpen ? <OrderLines id={order.id} columns={COLUMNS} /> : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
