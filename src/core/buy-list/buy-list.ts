import type { Product } from '../product-fields/fields';
import type { CalculationDefaults } from '../restock/calculation-defaults';
import { deriveFields } from '../restock/engine';
import { formatNumber } from '../restock/formatters';
import { lineTotal, sumMoney } from './money';
import {
  type BuyList,
  type BuyListLine,
  type DraftReference,
  NO_SUPPLIER_NAME,
  type SupplierGroup,
} from './schemas';

/**
 * The buy list is every product flagged `replen` ("include in next order", SPEC 3),
 * grouped by supplier. A line's order quantity starts at the recommendation (DESIGN 5's
 * recommended_buy_quantity, case packs and MOQ included) until the seller sets their own
 * (products.order_quantity); null goes back to the recommendation.
 *
 * Suppliers are grouped by their exact stored text (already trimmed), the same match a purchase
 * order uses, so a group and the order made from it always hold the same products.
 */

/** A stored product as the buy list reads it: the product plus the seller's order quantity. */
export type BuyListProduct = Product & { order_quantity: number | null };

export const supplierName = (supplier: string | null) => supplier ?? NO_SUPPLIER_NAME;

/** A line with `orderQuantity` set (null = the recommendation) and its total recomputed. */
export function withOrderQuantity(line: BuyListLine, orderQuantity: number | null): BuyListLine {
  const quantity = orderQuantity ?? line.recommendedQuantity;
  return {
    ...line,
    orderQuantity: quantity,
    isCustomQuantity: orderQuantity !== null,
    lineTotal: lineTotal(quantity, line.cost),
  };
}

export function toBuyListLine(product: BuyListProduct, defaults: CalculationDefaults): BuyListLine {
  const recommendedQuantity = deriveFields(product, defaults).recommended_buy_quantity;
  const line: BuyListLine = {
    msku: product.msku,
    asin: product.asin,
    title: product.title,
    thumbnail: product.main_thumbnail,
    supplier: product.supplier,
    cost: product.cost,
    casePack: product.case_pack,
    moq: product.moq,
    recommendedQuantity,
    orderQuantity: recommendedQuantity,
    isCustomQuantity: false,
    lineTotal: null,
  };
  return withOrderQuantity(line, product.order_quantity);
}

type Totals = Pick<BuyList, 'units' | 'spend' | 'unpricedLines'>;

/** Units and spend of some lines; lines to buy without a cost are counted, not guessed. */
export function lineTotals(lines: readonly BuyListLine[]): Totals {
  return {
    units: lines.reduce((sum, line) => sum + line.orderQuantity, 0),
    spend: sumMoney(lines.map((line) => line.lineTotal)),
    unpricedLines: lines.filter((line) => line.cost === null && line.orderQuantity > 0).length,
  };
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Named suppliers A to Z (case-insensitive), products without a supplier last. */
function compareSuppliers(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return byName.compare(a, b) || (a < b ? -1 : 1);
}

/** Lines by title (else MSKU), then MSKU, so the order is the same on every read. */
function compareLines(a: BuyListLine, b: BuyListLine): number {
  return (
    byName.compare(a.title ?? a.msku, b.title ?? b.msku) || (a.msku < b.msku ? -1 : a.msku > b.msku ? 1 : 0)
  );
}

/**
 * The order of the buy list's lines: by supplier as the groups go, then as within a group. A list
 * already in this order groups in linear time (the server sorts 200,000 lines in slices first).
 */
export const compareBuyListLines = (a: BuyListLine, b: BuyListLine): number =>
  compareSuppliers(a.supplier, b.supplier) || compareLines(a, b);

/** The buy list: one group per supplier with its totals and open draft, and the grand totals. */
export function groupBuyList(lines: readonly BuyListLine[], drafts: readonly DraftReference[] = []): BuyList {
  const bySupplier = new Map<string | null, BuyListLine[]>();
  for (const line of lines) {
    const group = bySupplier.get(line.supplier);
    if (group) group.push(line);
    else bySupplier.set(line.supplier, [line]);
  }
  const groups = [...bySupplier.keys()].sort(compareSuppliers).map((supplier): SupplierGroup => {
    const groupLines = (bySupplier.get(supplier) ?? []).slice().sort(compareLines);
    return {
      supplier,
      name: supplierName(supplier),
      lines: groupLines,
      ...lineTotals(groupLines),
      draft: drafts.find((draft) => draft.supplier === supplier) ?? null,
    };
  });
  return { groups, lineCount: lines.length, ...lineTotals(lines) };
}

/** The buy list's lines, in group order. */
export const buyListLines = (buyList: BuyList): BuyListLine[] =>
  buyList.groups.flatMap((group) => group.lines);

/**
 * The whole-case quantities nearest to `quantity` (the one below, when above 0, and the one
 * above); none without a case pack or when `quantity` already is whole cases.
 */
export function casePackOptions(quantity: number, casePack: number | null): number[] {
  if (casePack === null || casePack <= 0 || quantity % casePack === 0) return [];
  const below = Math.floor(quantity / casePack) * casePack;
  return below > 0 ? [below, below + casePack] : [casePack];
}

/** What the buy list shows beside a quantity: 'case of 12: 24 or 36', or '2 cases of 12'. */
export function casePackHint(quantity: number, casePack: number | null): string | null {
  if (casePack === null || casePack <= 0) return null;
  const options = casePackOptions(quantity, casePack);
  if (options.length > 0)
    return `case of ${formatNumber(casePack)}: ${options.map(formatNumber).join(' or ')}`;
  if (quantity === 0) return null;
  const cases = quantity / casePack;
  return `${formatNumber(cases)} ${cases === 1 ? 'case' : 'cases'} of ${formatNumber(casePack)}`;
}
