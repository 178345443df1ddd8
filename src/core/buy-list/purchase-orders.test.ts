import { describe, expect, it } from 'vitest';
import {
  buyListFileName,
  fileSlug,
  purchaseOrderFileName,
  purchaseOrderTotals,
  REQUIRED_STATUS,
  toPurchaseOrderLine,
  transitionProblem,
} from './purchase-orders';
import type { PurchaseOrderStatus, RequestedStatus } from './schemas';

describe('transitionProblem', () => {
  it.each([
    ['draft', 'ordered', null],
    ['ordered', 'received', null],
    ['ordered', 'ordered', 'PO #7 is already ordered'],
    ['received', 'ordered', 'PO #7 was already received'],
    ['draft', 'received', 'Mark PO #7 ordered before received'],
    ['received', 'received', 'PO #7 is already received'],
  ] as const)('%s → %s: %j', (current, requested, problem) => {
    expect(transitionProblem(7, current, requested)).toBe(problem);
  });

  it('agrees with the status each transition is guarded by in SQL', () => {
    const statuses: PurchaseOrderStatus[] = ['draft', 'ordered', 'received'];
    for (const requested of ['ordered', 'received'] as RequestedStatus[]) {
      for (const current of statuses) {
        expect(transitionProblem(1, current, requested) === null).toBe(
          REQUIRED_STATUS[requested] === current,
        );
      }
    }
  });
});

describe('purchaseOrderTotals', () => {
  it.each([
    ['no lines', [], { lineCount: 0, units: 0, total: 0, unpricedLines: 0 }],
    [
      'priced lines, to the cent',
      [
        { quantity: 3, unitCost: 0.1 },
        { quantity: 24, unitCost: 10 },
      ],
      { lineCount: 2, units: 27, total: 240.3, unpricedLines: 0 },
    ],
    [
      'a line without a unit cost apart',
      [
        { quantity: 5, unitCost: null },
        { quantity: 2, unitCost: 1.25 },
      ],
      { lineCount: 2, units: 7, total: 2.5, unpricedLines: 1 },
    ],
  ] as const)('adds up %s', (_name, lines, totals) => {
    const full = lines.map((l) => toPurchaseOrderLine({ msku: 'M', asin: null, title: null, ...l }));
    expect(purchaseOrderTotals(full)).toEqual(totals);
  });

  it('gives each line its total', () => {
    expect(
      toPurchaseOrderLine({ msku: 'M', asin: null, title: null, quantity: 3, unitCost: 1.005 }),
    ).toMatchObject({
      lineTotal: 3.02,
    });
  });
});

describe('file names', () => {
  it.each([
    ['Acme Wholesale', 'acme-wholesale'],
    ['  Acme & Co. ', 'acme-co'],
    ['Café Örebro', 'cafe-orebro'],
    ['東京', 'supplier'],
    ['=HYPERLINK("x")', 'hyperlink-x'],
    ['a'.repeat(60), 'a'.repeat(40)],
  ])('slugs %j as %j', (name, slug) => {
    expect(fileSlug(name)).toBe(slug);
  });

  it('names exports by order number and supplier, or by date', () => {
    expect(purchaseOrderFileName(3, 'No supplier', 'csv')).toBe('purchase-order-3-no-supplier.csv');
    expect(buyListFileName('2025-06-01', 'xlsx')).toBe('buy-list-2025-06-01.xlsx');
  });
});
