import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { buyListFileName, type ExportFormat } from '../../../core/buy-list/purchase-orders';
import { isoDate } from '../../../core/dates';
import { formatCurrency, formatNumber } from '../../../core/restock/formatters';
import { downloadExport } from '../../lib/download';
import { Button } from '../../ui/Button';
import { useCan } from '../access/use-can';
import { useBuyList } from './api';
import styles from './BuyListPage.module.css';
import { PurchaseOrdersSection } from './PurchaseOrdersSection';
import { SupplierSection } from './SupplierSection';

function EmptyBuyList() {
  return (
    <div className={styles.empty}>
      <h2>Nothing on the buy list yet</h2>
      <p>
        Products get here when you tick their Replen box (“Include in next order”) in the Restock table. They
        are grouped by supplier with the quantity to buy, ready to become a purchase order.
      </p>
      <Link to="/restock">Go to Restock</Link>
    </div>
  );
}

/** The flagged products by supplier, their quantities and totals, and the purchase orders. */
export function BuyListPage() {
  const buyList = useBuyList();
  const canView = useCan('buy-list.view');
  const canEdit = useCan('buy-list.edit');
  const canViewOrders = useCan('purchase-orders.view');
  const canOrder = useCan('purchase-orders.edit');

  if (buyList.isPending) return <p>Loading...</p>;
  if (buyList.isError) return <p role="alert">Error loading data</p>;

  const list = buyList.data;
  const download = (format: ExportFormat) => {
    const fallback = buyListFileName(isoDate(Date.now()), format);
    downloadExport(`/api/buy-list/export.${format}`, fallback).catch((error: Error) =>
      toast.error(error.message),
    );
  };

  return (
    <section className={styles.page} aria-label="Buy list">
      <div className={styles.toolbar}>
        <h1>Buy List</h1>
        <span className={styles.summary} aria-live="polite">
          {formatNumber(list.lineCount)} {list.lineCount === 1 ? 'product' : 'products'} ·{' '}
          {formatNumber(list.units)} units · {formatCurrency(list.spend)}
        </span>
        {canView ? (
          <>
            <Button variant="secondary" onClick={() => download('csv')} disabled={list.lineCount === 0}>
              Export CSV
            </Button>
            <Button variant="secondary" onClick={() => download('xlsx')} disabled={list.lineCount === 0}>
              Export XLSX
            </Button>
          </>
        ) : null}
      </div>
      {list.groups.length === 0 ? (
        <EmptyBuyList />
      ) : (
        list.groups.map((group) => (
          <SupplierSection key={group.supplier ?? ''} group={group} canEdit={canEdit} canOrder={canOrder} />
        ))
      )}
      {list.groups.length > 0 ? (
        <p className={styles.grandTotal}>
          Total: {formatNumber(list.units)} units · {formatCurrency(list.spend)}
          {list.unpricedLines > 0 ? ` (${list.unpricedLines} without a cost not included)` : ''}
        </p>
      ) : null}
      {canViewOrders ? <PurchaseOrdersSection canOrder={canOrder} /> : null}
    </section>
  );
}
