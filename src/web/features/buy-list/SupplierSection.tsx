import { purchaseOrderTitle } from '../../../core/buy-list/purchase-orders';
import type { BuyListLine, SupplierGroup } from '../../../core/buy-list/schemas';
import { formatCurrency, formatNumber } from '../../../core/restock/formatters';
import { marketplaceUrl } from '../../../core/restock/marketplace';
import { Button } from '../../ui/Button';
import {
  useCreatePurchaseOrder,
  useRemoveFromBuyList,
  useSetOrderQuantity,
  useSetPurchaseOrderStatus,
} from './api';
import styles from './BuyListPage.module.css';
import { OrderQuantityField } from './OrderQuantityField';

function ProductSummary({ line }: { line: BuyListLine }) {
  const title = line.title ?? line.msku;
  return (
    <div className={styles.product}>
      {line.thumbnail ? (
        <img className={styles.thumbnail} src={line.thumbnail} alt="" loading="lazy" />
      ) : (
        <span className={styles.thumbnail} aria-hidden="true" />
      )}
      <div className={styles.productText}>
        {line.asin ? (
          <a href={marketplaceUrl(line.asin)} target="_blank" rel="noopener noreferrer" title={title}>
            {title}
          </a>
        ) : (
          <span title={title}>{title}</span>
        )}
        <span className={styles.codes}>
          MSKU {line.msku}
          {line.asin ? ` · ASIN ${line.asin}` : ''}
        </span>
      </div>
    </div>
  );
}

type Permissions = { canEdit: boolean; canOrder: boolean };

export function SupplierSection({ group, canEdit, canOrder }: { group: SupplierGroup } & Permissions) {
  const setQuantity = useSetOrderQuantity();
  const remove = useRemoveFromBuyList();
  const createOrder = useCreatePurchaseOrder();
  const setStatus = useSetPurchaseOrderStatus();
  const { draft } = group;
  const draftTitle = draft ? purchaseOrderTitle(draft.number) : null;

  return (
    <section className={styles.group} aria-label={`Supplier ${group.name}`}>
      <header className={styles.groupHeader}>
        <h2>{group.name}</h2>
        <span className={styles.muted}>
          {formatNumber(group.units)} units · {formatCurrency(group.spend)}
        </span>
        {draftTitle ? <span className={styles.badge}>{draftTitle} is a draft</span> : null}
        {canOrder ? (
          <span className={styles.actions}>
            <Button
              variant={draft ? 'secondary' : 'primary'}
              disabled={createOrder.isPending}
              onClick={() => createOrder.mutate(group.supplier)}
            >
              {draftTitle ? `Update ${draftTitle}` : 'Create purchase order'}
            </Button>
            {draft ? (
              <Button
                disabled={setStatus.isPending}
                onClick={() => setStatus.mutate({ id: draft.id, status: 'ordered' })}
              >
                Mark {draftTitle} ordered
              </Button>
            ) : null}
          </span>
        ) : null}
      </header>
      <div className={styles.tableScroll}>
        <table className={styles.table} aria-label={`Buy list for ${group.name}`}>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className={styles.number}>
                Cost
              </th>
              <th scope="col" className={styles.number}>
                Recommended
              </th>
              <th scope="col">Order quantity</th>
              <th scope="col" className={styles.number}>
                Line total
              </th>
              {canEdit ? (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {group.lines.map((line) => (
              <tr key={line.msku} aria-label={line.msku}>
                <td data-label="Product">
                  <ProductSummary line={line} />
                </td>
                <td className={styles.number} data-label="Cost">
                  {formatCurrency(line.cost)}
                </td>
                <td className={styles.number} data-label="Recommended">
                  {formatNumber(line.recommendedQuantity)}
                </td>
                <td data-label="Order quantity">
                  {canEdit ? (
                    <OrderQuantityField
                      line={line}
                      onChange={(orderQuantity) => setQuantity.mutate({ msku: line.msku, orderQuantity })}
                    />
                  ) : (
                    formatNumber(line.orderQuantity)
                  )}
                </td>
                <td className={styles.number} data-label="Line total">
                  {formatCurrency(line.lineTotal)}
                </td>
                {canEdit ? (
                  <td data-label="">
                    <Button
                      variant="ghost"
                      aria-label={`Remove ${line.msku} from the buy list`}
                      onClick={() => remove.mutate({ msku: line.msku })}
                    >
                      Remove
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {group.name} total
              </th>
              <td className={styles.total} aria-label={`${group.name} units`}>
                {formatNumber(group.units)} units
              </td>
              <td className={`${styles.number} ${styles.total}`} aria-label={`${group.name} spend`}>
                {formatCurrency(group.spend)}
              </td>
              {canEdit ? <td /> : null}
            </tr>
          </tfoot>
        </table>
      </div>
      {group.unpricedLines > 0 ? (
        <p className={styles.muted}>
          {group.unpricedLines === 1 ? '1 product has' : `${group.unpricedLines} products have`} no cost: set
          Your Cost in Restock to include it in the spend.
        </p>
      ) : null}
    </section>
  );
}
