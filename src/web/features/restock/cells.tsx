import { useState } from 'react';
import type { RenderCellProps, RenderEditCellProps } from 'react-data-grid';
import type { RestockColumn } from '../../../core/restock/columns';
import { explainRecommendation } from '../../../core/restock/engine';
import { formatCell } from '../../../core/restock/formatters';
import { marketplaceUrl } from '../../../core/restock/marketplace';
import type { CalculationDefaults } from '../../../core/restock/product';
import { type Anchor, Popover } from '../../ui/Popover';
import type { GridRow } from './api';
import { CopyChip } from './CopyChip';
import { JsonTree } from './JsonTree';
import styles from './RestockGrid.module.css';

export const isEmptyValue = (value: unknown) => value === null || value === undefined || value === '';

const anchorOf = (event: React.MouseEvent) => ({ x: event.clientX + 8, y: event.clientY + 8 });

/** SPEC 2: thumbnail, title linking to the marketplace page (new tab), msku and asin copy chips. */
export function ProductCell({ row }: RenderCellProps<GridRow>) {
  const [anchor, setAnchor] = useState<Anchor | null>(null);
  return (
    <div className={styles.product}>
      {row.main_thumbnail ? (
        <img className={styles.thumbnail} src={row.main_thumbnail} alt="" loading="lazy" />
      ) : (
        <span className={styles.thumbnail} aria-hidden="true" />
      )}
      <div className={styles.productText}>
        {row.asin ? (
          <a
            className={styles.productTitle}
            href={marketplaceUrl(row.asin)}
            target="_blank"
            rel="noopener noreferrer"
            title={row.title ?? row.msku}
            onClick={(event) => event.stopPropagation()}
          >
            {row.title ?? row.msku}
          </a>
        ) : (
          <span className={styles.productTitle}>{row.title ?? row.msku}</span>
        )}
        <span className={styles.chips}>
          <CopyChip label="MSKU" value={row.msku} />
          <CopyChip label="ASIN" value={row.asin} />
        </span>
      </div>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`View data of ${row.msku}`}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(anchorOf(event));
        }}
        onMouseDown={(event) => event.stopPropagation()}
      >
        {'{}'}
      </button>
      {anchor ? (
        <Popover title={`Data of ${row.msku}`} anchor={anchor} onClose={() => setAnchor(null)}>
          <JsonTree data={row} />
        </Popover>
      ) : null}
    </div>
  );
}

/** A formatted value; empty values show the red-tinted marker (cell class) and '-'. */
export function valueCell(column: RestockColumn) {
  return function ValueCell({ row }: RenderCellProps<GridRow>) {
    const value = (row as Record<string, unknown>)[column.key];
    return (
      <span className={column.format === 'text' ? '' : styles.number}>
        {formatCell(column.format, value)}
      </span>
    );
  };
}

/** The replen flag: a checkbox that edits in place when the user may edit. */
export function replenCell(canEdit: boolean) {
  return function ReplenCell({ row, onRowChange }: RenderCellProps<GridRow>) {
    return (
      <input
        type="checkbox"
        className={styles.checkbox}
        aria-label={`Include ${row.msku} in next order`}
        checked={row.replen}
        disabled={!canEdit}
        onChange={(event) => onRowChange({ ...row, replen: event.target.checked })}
        onClick={(event) => event.stopPropagation()}
      />
    );
  };
}

const stepNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const formatStepValue = (value: number) => stepNumber.format(value);

/** 'To Buy' with the "why this number" breakdown one click away. */
export function toBuyCell(defaults: CalculationDefaults) {
  return function ToBuyCell({ row }: RenderCellProps<GridRow>) {
    const [anchor, setAnchor] = useState<Anchor | null>(null);
    return (
      <span className={styles.toBuy}>
        <span className={styles.number}>{formatCell('number', row.recommended_buy_quantity)}</span>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={`Why buy ${row.recommended_buy_quantity} of ${row.msku}`}
          onClick={(event) => {
            event.stopPropagation();
            setAnchor(anchorOf(event));
          }}
          onMouseDown={(event) => event.stopPropagation()}
        >
          ?
        </button>
        {anchor ? (
          <Popover
            title={`Why ${row.recommended_buy_quantity} for ${row.msku}`}
            anchor={anchor}
            onClose={() => setAnchor(null)}
          >
            <dl className={styles.steps}>
              {explainRecommendation(row, defaults).map((step) => (
                <div key={step.key} className={styles.step}>
                  <dt>{step.label}</dt>
                  <dd className={styles.number}>{formatStepValue(step.value)}</dd>
                  <dd className={styles.stepDetail}>{step.detail}</dd>
                </div>
              ))}
            </dl>
          </Popover>
        ) : null}
      </span>
    );
  };
}

/** Turns the editor's text into the field's value: numbers for numeric columns, null when blank. */
export function parseEditorValue(column: RestockColumn, text: string): unknown {
  const trimmed = text.trim();
  if (column.format === 'text') return trimmed === '' ? null : trimmed;
  if (trimmed === '') return null;
  const number = Number(trimmed.replace(/[$,%\s]/g, ''));
  return Number.isFinite(number) ? number : Number.NaN;
}

const editorText = (value: unknown) => (isEmptyValue(value) ? '' : String(value));

/** One editor for text and numbers; the grid commits on Enter, Tab or a click outside, Escape cancels. */
export function renderCellEditor(column: RestockColumn) {
  return function CellEditor({ row, onRowChange }: RenderEditCellProps<GridRow>) {
    const current = (row as Record<string, unknown>)[column.key];
    return (
      <input
        className={styles.editor}
        autoFocus
        aria-label={`Edit ${column.name}`}
        inputMode={column.format === 'text' ? 'text' : 'decimal'}
        defaultValue={editorText(current)}
        onChange={(event) => {
          const value = parseEditorValue(column, event.target.value);
          // Half-typed numbers such as '-' keep the last valid value until they parse.
          if (!Number.isNaN(value)) onRowChange({ ...row, [column.key]: value });
        }}
      />
    );
  };
}
