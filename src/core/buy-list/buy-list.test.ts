import { describe, expect, it } from 'vitest';
import { BUILT_IN_DEFAULTS } from '../restock/calculation-defaults';
import { aProduct } from '../restock/test-products';
import {
  type BuyListProduct,
  buyListLines,
  casePackHint,
  casePackOptions,
  groupBuyList,
  lineTotals,
  toBuyListLine,
  withOrderQuantity,
} from './buy-list';
import type { BuyListLine } from './schemas';

// 1 a day × (7 + 3 + 10 + 30) days − 20 in stock = 30 to buy.
const sellsOneADay = (overrides: Partial<BuyListProduct> = {}): BuyListProduct => ({
  ...aProduct({
    replen: true,
    sales_last_30_days: 30,
    days_in_stock_of_last_30: 30,
    fba_quantity: 20,
    cost: 2.5,
  }),
  order_quantity: null,
  ...overrides,
});

const line = (overrides: Partial<BuyListLine> = {}): BuyListLine => ({
  msku: 'A',
  asin: 'B000000001',
  title: 'A',
  thumbnail: null,
  supplier: 'Acme',
  cost: 1,
  casePack: null,
  moq: null,
  recommendedQuantity: 1,
  orderQuantity: 1,
  isCustomQuantity: false,
  lineTotal: 1,
  ...overrides,
});

describe('toBuyListLine', () => {
  it.each([
    ['the recommendation when the seller set nothing', {}, 30, false, 75],
    ['the seller quantity when set', { order_quantity: 12 }, 12, true, 30],
    ['a seller quantity of 0', { order_quantity: 0 }, 0, true, 0],
    ['the recommendation rounded up to whole cases', { case_pack: 12 }, 36, false, 90],
    ['the recommendation raised to the MOQ', { moq: 50 }, 50, false, 125],
    ['no line total without a cost', { cost: null }, 30, false, null],
  ] as const)('orders %s', (_name, overrides, quantity, isCustom, total) => {
    const result = toBuyListLine(sellsOneADay(overrides), BUILT_IN_DEFAULTS);
    expect(result).toMatchObject({ orderQuantity: quantity, isCustomQuantity: isCustom, lineTotal: total });
  });

  it('keeps the recommendation beside a custom quantity', () => {
    const result = toBuyListLine(sellsOneADay({ order_quantity: 5 }), BUILT_IN_DEFAULTS);
    expect(result.recommendedQuantity).toBe(30);
  });

  it('carries the product fields the screen shows', () => {
    const result = toBuyListLine(
      sellsOneADay({ msku: 'M-1', main_thumbnail: 'https://img.example/1.jpg', supplier: 'Acme' }),
      BUILT_IN_DEFAULTS,
    );
    expect(result).toMatchObject({
      msku: 'M-1',
      asin: 'B000000001',
      title: 'Steel Water Bottle',
      thumbnail: 'https://img.example/1.jpg',
      supplier: 'Acme',
      cost: 2.5,
    });
  });
});

describe('withOrderQuantity', () => {
  it.each([
    [7, 7, true, 7.7],
    [null, 3, false, 3.3],
    [0, 0, true, 0],
  ])('sets %j: quantity %j, custom %j, total %j', (quantity, expected, isCustom, total) => {
    const result = withOrderQuantity(line({ cost: 1.1, recommendedQuantity: 3 }), quantity);
    expect(result).toMatchObject({ orderQuantity: expected, isCustomQuantity: isCustom, lineTotal: total });
  });

  it('rounds a line total to the cent', () => {
    expect(withOrderQuantity(line({ cost: 0.1 }), 3).lineTotal).toBe(0.3);
  });
});

describe('lineTotals', () => {
  it.each([
    ['nothing', [], { units: 0, spend: 0, unpricedLines: 0 }],
    [
      'units and spend to the cent',
      [line({ orderQuantity: 3, lineTotal: 0.3 }), line({ orderQuantity: 7, lineTotal: 0.7 })],
      { units: 10, spend: 1, unpricedLines: 0 },
    ],
    [
      'lines to buy without a cost apart',
      [line({ cost: null, lineTotal: null, orderQuantity: 4 }), line({ orderQuantity: 2, lineTotal: 5 })],
      { units: 6, spend: 5, unpricedLines: 1 },
    ],
    [
      'a line of 0 without a cost as priced',
      [line({ cost: null, lineTotal: null, orderQuantity: 0 })],
      { units: 0, spend: 0, unpricedLines: 0 },
    ],
  ] as const)('adds up %s', (_name, lines, totals) => {
    expect(lineTotals(lines)).toEqual(totals);
  });
});

describe('groupBuyList', () => {
  const lines = [
    line({ msku: 'N-1', title: 'Nail', supplier: null, orderQuantity: 5, lineTotal: 5 }),
    line({ msku: 'Z-1', title: 'Zip', supplier: 'Zed', orderQuantity: 1, lineTotal: 2.5 }),
    line({ msku: 'A-2', title: 'bolt', supplier: 'acme', orderQuantity: 2, lineTotal: 4 }),
    line({ msku: 'A-1', title: 'Anchor', supplier: 'acme', orderQuantity: 3, lineTotal: 3.3 }),
    line({ msku: 'A-3', title: 'Anchor', supplier: 'acme', orderQuantity: 1, lineTotal: null, cost: null }),
  ];

  it('groups by supplier, A to Z, with the products without a supplier last as "No supplier"', () => {
    const buyList = groupBuyList(lines);
    expect(buyList.groups.map((group) => [group.supplier, group.name])).toEqual([
      ['acme', 'acme'],
      ['Zed', 'Zed'],
      [null, 'No supplier'],
    ]);
  });

  it('sorts lines by title, then MSKU', () => {
    const acme = groupBuyList(lines).groups[0]!;
    expect(acme.lines.map((l) => l.msku)).toEqual(['A-1', 'A-3', 'A-2']);
  });

  it('totals each supplier and the whole list', () => {
    const buyList = groupBuyList(lines);
    expect(
      buyList.groups.map(({ units, spend, unpricedLines }) => ({ units, spend, unpricedLines })),
    ).toEqual([
      { units: 6, spend: 7.3, unpricedLines: 1 },
      { units: 1, spend: 2.5, unpricedLines: 0 },
      { units: 5, spend: 5, unpricedLines: 0 },
    ]);
    expect(buyList).toMatchObject({ lineCount: 5, units: 12, spend: 14.8, unpricedLines: 1 });
  });

  it('keeps suppliers that differ only in case apart, as a purchase order would', () => {
    const buyList = groupBuyList([line({ supplier: 'Acme' }), line({ supplier: 'acme', msku: 'B' })]);
    expect(buyList.groups.map((group) => group.supplier)).toEqual(['Acme', 'acme']);
  });

  it("attaches each supplier's open draft", () => {
    const drafts = [
      { id: 'd1', number: 4, supplier: 'Zed' },
      { id: 'd2', number: 5, supplier: null },
    ];
    const buyList = groupBuyList(lines, drafts);
    expect(buyList.groups.map((group) => group.draft?.number ?? null)).toEqual([null, 4, 5]);
  });

  it('answers an empty list with zero totals', () => {
    expect(groupBuyList([])).toEqual({ groups: [], lineCount: 0, units: 0, spend: 0, unpricedLines: 0 });
  });

  it('lists the lines back in group order', () => {
    expect(buyListLines(groupBuyList(lines)).map((l) => l.msku)).toEqual(['A-1', 'A-3', 'A-2', 'Z-1', 'N-1']);
  });
});

describe('case packs', () => {
  it.each([
    [30, 12, [24, 36], 'case of 12: 24 or 36'],
    [5, 12, [12], 'case of 12: 12'],
    [24, 12, [], '2 cases of 12'],
    [12, 12, [], '1 case of 12'],
    [0, 12, [], null],
    [30, null, [], null],
    [30, 0, [], null],
    [1500, 1000, [1000, 2000], 'case of 1,000: 1,000 or 2,000'],
    [7, 1, [], '7 cases of 1'],
  ] as const)('%j units in cases of %j: options %j, hint %j', (quantity, casePack, options, hint) => {
    expect(casePackOptions(quantity, casePack)).toEqual(options);
    expect(casePackHint(quantity, casePack)).toBe(hint);
  });
});
