import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { RenderCellProps, RenderEditCellProps } from 'react-data-grid';
import { createPortal } from 'react-dom';
import { type EditableField, fieldSpec } from '../../../core/product-fields/fields';
import { blankCell } from '../../../core/restock/blank-cells';
import type { CalculationDefaults } from '../../../core/restock/calculation-defaults';
import { parseCellText } from '../../../core/restock/cell-text';
import type { RestockColumn } from '../../../core/restock/columns';
import { plainRow } from '../../../core/restock/compact-rows';
import { explainRecommendation, roiBreakdown } from '../../../core/restock/engine';
import { formatCell } from '../../../core/restock/formatters';
import { currencyOf, marketplaceUrl } from '../../../core/restock/marketplace';
import { type Anchor, Popover } from '../../ui/Popover';
import { useProductHistory } from '../sales-history/api';
import { ForecastSteps, ProductDrawer } from '../sales-history/ProductDrawer';
import type { GridRow } from './api';
import { BlankValue } from './BlankValue';
import { CopyChip } from './CopyChip';
import { JsonTree } from './JsonTree';
import styles from './RestockGrid.module.css';

export const isEmptyValue = (value: unknown) => value === null || value === undefined || value === '';

const anchorOf = (event: React.MouseEvent) => ({ x: event.clientX + 8, y: event.clientY + 8 });

/**
 * What a cell opened, and for which product. The grid keys rows by their place in the view, so a
 * cell's state stays at its place when a sort, a filter or a refetch brings another product there:
 * it is dropped then, so it neither shows for that product nor opens again by itself when its own
 * product comes back to this place.
 */
type OpenFor<T> = { id: string; value: T };

function useOpenFor<T>(row: GridRow): [T | null, (value: T | null) => void] {
  const [state, setState] = useState<OpenFor<T> | null>(null);
  // Set during render (React's pattern for state derived from props): no frame shows it stale.
  if (state !== null && state.id !== row.id) setState(null);
  const open = state !== null && state.id === row.id ? state.value : null;
  return [open, (value) => setState(value === null ? null : { id: row.id, value })];
}

/** SPEC 2: thumbnail, title linking to the marketplace page (new tab), msku and asin copy chips. */
export function ProductCell({ row }: RenderCellProps<GridRow>) {
  const [anchor, setAnchor] = useOpenFor<Anchor>(row);
  const [drawerOpen, setDrawerOpen] = useOpenFor<true>(row);
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
            href={marketplaceUrl(row.asin, row.marketplace)}
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
          <CopyChip owner={row.id} label="MSKU" value={row.msku} />
          <CopyChip owner={row.id} label="ASIN" value={row.asin} />
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
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Sales history of ${row.msku}`}
        title="Sales history and forecast"
        onClick={(event) => {
          event.stopPropagation();
          setDrawerOpen(true);
        }}
        onMouseDown={(event) => event.stopPropagation()}
      >
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
          <path
            d="M1 13h12M3 11V7M6 11V3M9 11V6M12 11V4"
            stroke="currentColor"
            strokeWidth="1.6"
            fill="none"
          />
        </svg>
      </button>
      {drawerOpen ? <ProductDrawer row={row} onClose={() => setDrawerOpen(null)} /> : null}
      {anchor ? (
        <Popover title={`Data of ${row.msku}`} anchor={anchor} onClose={() => setAnchor(null)}>
          <JsonTree data={plainRow(row)} />
        </Popover>
      ) : null}
    </div>
  );
}

/**
 * A formatted value. Empty values that are really missing show the red-tinted marker (cell class)
 * and '-'; blanks with a default or that are optional show in grey with why.
 */
export function valueCell(column: RestockColumn, defaults: CalculationDefaults) {
  const blank = blankCell(column.key, defaults);
  return function ValueCell({ row }: RenderCellProps<GridRow>) {
    const value = (row as Record<string, unknown>)[column.key];
    if (blank.kind !== 'missing' && isEmptyValue(value)) return <BlankValue blank={blank} />;
    // ROI says whether it counts the marketplace's fees (known once a marketplace sync ran).
    const note = column.key === 'roi' && value !== null ? roiBreakdown(row) : undefined;
    return (
      <span className={column.format === 'text' ? '' : styles.number} title={note}>
        {formatCell(column.format, value, currencyOf(row))}
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
        onChange={(event) => onRowChange({ ...plainRow(row), replen: event.target.checked })}
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
    const [anchor, setAnchor] = useOpenFor<Anchor>(row);
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
            {row.rate_source === 'history' ? <HistorySteps msku={row.msku} /> : null}
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

/** The forecast's steps (windows, weights, days left out), fetched when the popover opens. */
function HistorySteps({ msku }: { msku: string }) {
  const history = useProductHistory(msku);
  if (history.isPending) return <p className={styles.stepDetail}>Loading the forecast…</p>;
  const steps = history.data?.forecast?.steps;
  return steps ? <ForecastSteps steps={steps} /> : null;
}

const editorText = (value: unknown) => (isEmptyValue(value) ? '' : String(value));

/** Typed text the field's rules refused, kept in its cell with the reason until fixed or cancelled. */
export type CellDraft = { text: string; message: string };

type CellEditorProps = RenderEditCellProps<GridRow> & {
  field: EditableField;
  draft: CellDraft | undefined;
  onCancel: () => void;
};

/**
 * One editor for text and numbers. The row carries the typed text as it is; the grid checks it
 * when the edit is committed (Enter, Tab or a click outside). Escape cancels. Enter on text the
 * field refuses keeps the editor open with the reason under it.
 */
function CellEditor({ row, column, field, draft, onRowChange, onCancel }: CellEditorProps) {
  const [text, setText] = useState(() => draft?.text ?? editorText((row as Record<string, unknown>)[field]));
  const input = useRef<HTMLInputElement>(null);
  const [below, setBelow] = useState<{ left: number; top: number } | null>(null);
  const checked = parseCellText(field, text);
  const reasonId = useId();
  useLayoutEffect(() => {
    const box = input.current?.getBoundingClientRect();
    if (box) setBelow({ left: box.left, top: box.bottom + 2 });
  }, []);
  return (
    <>
      <input
        ref={input}
        className={styles.editor}
        autoFocus
        aria-label={`Edit ${column.name}`}
        aria-invalid={!checked.ok}
        aria-describedby={checked.ok ? undefined : reasonId}
        inputMode={fieldSpec(field).type === 'text' ? 'text' : 'decimal'}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onRowChange({ ...plainRow(row), [field]: event.target.value });
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !checked.ok) event.stopPropagation();
          if (event.key === 'Escape') onCancel();
        }}
      />
      {/* The cell clips what overflows it, so the reason sits over the grid, under the cell. */}
      {checked.ok || below === null
        ? null
        : createPortal(
            <div id={reasonId} className={styles.editorReason} style={below} role="alert">
              {checked.message}
            </div>,
            document.body,
          )}
    </>
  );
}

/** The editor of an editable field's column; `draftOf` finds what was refused in a row's cell. */
export function renderCellEditor(
  field: EditableField,
  draftOf: (rowId: string) => CellDraft | undefined,
  onCancel: (rowId: string) => void,
) {
  return (props: RenderEditCellProps<GridRow>) => (
    <CellEditor
      {...props}
      field={field}
      draft={draftOf(props.row.id)}
      onCancel={() => onCancel(props.row.id)}
    />
  );
}

/** A refused entry stays where it was typed, with the reason. */
export function DraftCell({ draft }: { draft: CellDraft }) {
  return (
    <span className={styles.draft} title={draft.message}>
      <span className={styles.draftText}>{draft.text}</span>
      <span className={styles.draftReason}>{draft.message}</span>
    </span>
  );
}
