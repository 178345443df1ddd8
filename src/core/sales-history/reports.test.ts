import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { dayNumber } from '../forecast/days';
import { columnRows, partColumns } from './history-columns';
import {
  HISTORY_REPORTS,
  historyAccumulator,
  type ParsedHistory,
  recognizeHistoryReport,
  timeZoneOfChannel,
} from './reports';
import { MAX_HISTORY_ROWS } from './rows';

const TODAY = dayNumber('2024-06-30')!;

/**
 * Parses file text as the web worker does (PapaParse, arrays of cells under the header line) and,
 * for every test, also as row objects (the marketplace sync's way): both must read the same.
 */
function parse(text: string): ParsedHistory | { ok: false; message: string } {
  const { data } = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true });
  const headers = data[0] ?? [];
  const report = recognizeHistoryReport(headers);
  if (!report) return { ok: false, message: 'not recognised' };
  const byCells = historyAccumulator(report, TODAY);
  const byObjects = historyAccumulator(report, TODAY);
  for (const cells of data.slice(1)) {
    const problem = byCells.addCells(headers, cells);
    const objectProblem = byObjects.add(Object.fromEntries(headers.map((header, at) => [header, cells[at]])));
    expect(objectProblem).toEqual(problem);
    if (problem) return problem;
  }
  const parsed = byCells.finish();
  expect(byObjects.finish()).toEqual(parsed);
  return parsed;
}

const ALL_ORDERS_HEADER =
  'amazon-order-id\tmerchant-order-id\tpurchase-date\tlast-updated-date\torder-status\tfulfillment-channel\tsales-channel\tsku\tasin\titem-status\tquantity\tcurrency\titem-price';
const order = (
  id: string,
  date: string,
  sku: string,
  status: string,
  quantity: number,
  price = '',
  channel = 'Amazon.com',
) =>
  `${id}\t\t${date}\t${date}\t${status}\tAmazon\t${channel}\t${sku}\tB000TEST01\t${status}\t${quantity}\tUSD\t${price}`;

describe('All Orders report', () => {
  it('adds up order lines per sku and marketplace day, and leaves cancelled lines out', () => {
    const file = [
      ALL_ORDERS_HEADER,
      order('111-1', '2024-03-10T18:00:00+00:00', 'MUG-1', 'Shipped', 2, '19.98'),
      order('111-2', '2024-03-10T20:30:00+00:00', 'MUG-1', 'Shipped', 1, '9.99'),
      // 06:59 UTC on the 11th is still the 10th in Los Angeles (PDT, UTC-7).
      order('111-3', '2024-03-11T06:59:00+00:00', 'MUG-1', 'Unshipped', 1, '9.99'),
      order('111-4', '2024-03-11T07:00:00+00:00', 'MUG-1', 'Shipped', 4, '39.96'),
      order('111-5', '2024-03-11T12:00:00Z', 'MUG-1', 'Cancelled', 5),
      order('111-6', '2024-03-12T12:00:00Z', 'CAP-2', 'Cancelled', 3),
    ].join('\n');
    const parsed = parse(file) as ParsedHistory;
    expect(parsed.report.id).toBe('all-orders');
    expect(columnRows(parsed.columns)).toEqual([
      { msku: 'MUG-1', day: '2024-03-10', value: 4, revenue: 39.96 },
      { msku: 'MUG-1', day: '2024-03-11', value: 4, revenue: 39.96 },
      // A day whose only order was cancelled is a day of 0, so a re-import replaces an older count.
      { msku: 'CAP-2', day: '2024-03-12', value: 0, revenue: null },
    ]);
    expect(parsed.skipped).toBe(2);
    expect(parsed.lines).toBe(6);
    expect(parsed.duplicates).toBe(0);
    expect(parsed.firstDay).toBe('2024-03-10');
    expect(parsed.lastDay).toBe('2024-03-12');
    expect(partColumns('sales', parsed.columns, 0, parsed.columns.mskuOf.length)).toEqual({
      msku: ['MUG-1', 'MUG-1', 'CAP-2'],
      day: ['2024-03-10', '2024-03-11', '2024-03-12'],
      units: [4, 4, 0],
      revenue: [39.96, 39.96, null],
    });
  });

  it('gives a day the revenue of its priced lines, whatever line without a price came first', () => {
    const file = [
      ALL_ORDERS_HEADER,
      // A cancelled line and a line without a price carry no revenue: the later priced lines do.
      order('1', '2024-03-10T18:00:00Z', 'MUG-1', 'Cancelled', 2, '19.98'),
      order('2', '2024-03-10T19:00:00Z', 'MUG-1', 'Shipped', 1, '9.99'),
      order('3', '2024-03-10T20:00:00Z', 'MUG-1', 'Shipped', 1, '0.01'),
      order('4', '2024-03-11T18:00:00Z', 'CAP-2', 'Shipped', 1),
      order('5', '2024-03-11T19:00:00Z', 'CAP-2', 'Shipped', 2, '12.50'),
      order('6', '2024-03-12T18:00:00Z', 'CAP-2', 'Shipped', 1),
    ].join('\n');
    const parsed = parse(file) as ParsedHistory;
    expect(columnRows(parsed.columns)).toEqual([
      { msku: 'MUG-1', day: '2024-03-10', value: 2, revenue: 10 },
      { msku: 'CAP-2', day: '2024-03-11', value: 3, revenue: 12.5 },
      // No line of the day had a price: no revenue, not a revenue of 0.
      { msku: 'CAP-2', day: '2024-03-12', value: 1, revenue: null },
    ]);
  });

  it('takes the day in each line’s marketplace time zone', () => {
    const file = [
      ALL_ORDERS_HEADER,
      // 23:30 UTC is already the next day in Tokyo and still the same day in London (GMT).
      order('1', '2024-01-15T23:30:00+00:00', 'JP-1', 'Shipped', 1, '', 'Amazon.co.jp'),
      order('2', '2024-01-15T23:30:00+00:00', 'UK-1', 'Shipped', 1, '', 'Amazon.co.uk'),
    ].join('\n');
    const parsed = parse(file) as ParsedHistory;
    expect(columnRows(parsed.columns).map((row) => [row.msku, row.day])).toEqual([
      ['JP-1', '2024-01-16'],
      ['UK-1', '2024-01-15'],
    ]);
  });

  it('takes the marketplace day across daylight saving changes, for every line of a minute', () => {
    const file = [
      ALL_ORDERS_HEADER,
      // Los Angeles: midnight is 08:00 UTC before the spring change and 07:00 UTC after it.
      order('1', '2024-03-10T07:59:10+00:00', 'SPRING-BEFORE', 'Shipped', 1),
      order('2', '2024-03-10T07:59:59+00:00', 'SPRING-BEFORE', 'Shipped', 1),
      order('3', '2024-03-10T08:00:00+00:00', 'SPRING-AFTER', 'Shipped', 1),
      order('4', '2024-03-11T06:59:59Z', 'SPRING-NEXT', 'Shipped', 1),
      order('5', '2024-03-11T07:00:00Z', 'SPRING-NEXT-AFTER', 'Shipped', 1),
      // The autumn change: 01:30 happens twice; midnight of Nov 5 is 07:00 UTC, of Nov 6 08:00 UTC.
      order('6', '2023-11-05T06:59:59Z', 'FALL-BEFORE', 'Shipped', 1),
      order('7', '2023-11-05T07:00:30Z', 'FALL-AFTER', 'Shipped', 1),
      order('8', '2023-11-06T07:59:59-0000', 'FALL-NEXT', 'Shipped', 1),
      order('9', '2023-11-06T00:00:00+01:00', 'FALL-OFFSET', 'Shipped', 1),
      // The same instant written with another offset is the same day; London moves on 31 March:
      // 23:00 UTC is then already 1 April there.
      order('10', '2024-03-09T23:59:59-08:00', 'SPRING-BEFORE', 'Shipped', 1),
      order('11', '2024-03-31T00:59:59Z', 'UK-BEFORE', 'Shipped', 1, '', 'Amazon.co.uk'),
      order('12', '2024-03-31T23:00:00Z', 'UK-AFTER', 'Shipped', 1, '', 'Amazon.co.uk'),
      order('13', '2024-03-31T22:59:59Z', 'UK-AFTER', 'Shipped', 1, '', 'Amazon.co.uk'),
    ].join('\n');
    const parsed = parse(file) as ParsedHistory;
    expect(columnRows(parsed.columns).map((row) => [row.msku, row.day, row.value])).toEqual([
      ['SPRING-BEFORE', '2024-03-09', 3],
      ['SPRING-AFTER', '2024-03-10', 1],
      ['SPRING-NEXT', '2024-03-10', 1],
      ['SPRING-NEXT-AFTER', '2024-03-11', 1],
      ['FALL-BEFORE', '2023-11-04', 1],
      ['FALL-AFTER', '2023-11-05', 1],
      ['FALL-NEXT', '2023-11-05', 1],
      ['FALL-OFFSET', '2023-11-05', 1],
      ['UK-BEFORE', '2024-03-31', 1],
      ['UK-AFTER', '2024-04-01', 1],
      ['UK-AFTER', '2024-03-31', 1],
    ]);
  });

  it.each([
    ['a second 60', '2024-01-15T10:00:30Z', '2024-01-15T10:00:60Z'],
    ['the hour 24 past its first second', '2024-01-15T24:00:00Z', '2024-01-15T24:00:01Z'],
  ])('refuses %s even after a line of the same minute', (_, first, second) => {
    const file = [
      ALL_ORDERS_HEADER,
      order('1', first, 'A', 'Shipped', 1),
      order('2', second, 'A', 'Shipped', 1),
    ];
    expect(parse(file.join('\n'))).toEqual({
      ok: false,
      message: `Row 2: purchase-date "${second}" is not a date and time`,
    });
  });

  it('reads every purchase date as Date.parse and the marketplace time zone do, line by line', () => {
    const two = (low: number, high: number) =>
      fc.integer({ min: low, max: high }).map((value) => String(value).padStart(2, '0'));
    // Minutes (with their offsets) that lines share, some of them not dates at all.
    const minute = fc.record({
      year: fc.constantFrom('2023', '2024', '2024', '2031', '2000', '1999', '2099'),
      month: two(0, 13),
      day: two(0, 32),
      hour: fc.oneof(two(0, 25), fc.constantFrom('00', '23', '24')),
      minute: fc.oneof(two(0, 61), fc.constantFrom('00', '59', '60')),
      offset: fc.constantFrom(
        'Z',
        '+00:00',
        '-08:00',
        '+05:30',
        '+0545',
        '-0700',
        '+00:00',
        'Z',
        '+25:00',
        '+05:99',
        'z',
        '',
      ),
    });
    const line = fc.record({
      minute: fc.nat(),
      seconds: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 1 },
        { arbitrary: two(0, 61), weight: 2 },
        { arbitrary: fc.constantFrom('00', '59', '60', '61'), weight: 2 },
      ),
      fraction: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 4 },
        { arbitrary: fc.constantFrom('.5', '.123456789', '.1234567890'), weight: 1 },
      ),
      channel: fc.constantFrom(
        'Amazon.com',
        'Amazon.co.jp',
        'Amazon.co.uk',
        'Amazon.com.au',
        'Amazon.in',
        '',
      ),
    });
    const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
    fc.assert(
      fc.property(
        fc.array(minute, { minLength: 1, maxLength: 4 }),
        fc.array(line, { minLength: 1, maxLength: 30 }),
        (minutes, lines) => {
          const accumulator = historyAccumulator(HISTORY_REPORTS['all-orders'], TODAY);
          const expected: (string | { message: string })[] = [];
          const days: string[] = [];
          lines.forEach((entry, index) => {
            const at = minutes[entry.minute % minutes.length]!;
            const seconds = entry.seconds === undefined ? '' : `:${entry.seconds}${entry.fraction ?? ''}`;
            const stamp = `${at.year}-${at.month}-${at.day}T${at.hour}:${at.minute}${seconds}${at.offset}`;
            const problem = accumulator.add({
              'purchase-date': stamp,
              'sales-channel': entry.channel,
              sku: `SKU-${index}`,
              'item-status': 'Shipped',
              quantity: '1',
            });
            const ms = instant.test(stamp) ? Date.parse(stamp) : Number.NaN;
            const row = `Row ${index + 1}: purchase-date`;
            if (Number.isNaN(ms)) {
              expected.push({ message: `${row} "${stamp}" is not a date and time` });
            } else {
              const day = new Intl.DateTimeFormat('en-CA', {
                timeZone: timeZoneOfChannel(entry.channel),
                year: 'numeric',
                month: '2-digit',
                day: '2-digit',
              }).format(ms);
              if (dayNumber(day)! > TODAY + 1) expected.push({ message: `${row} ${day} is in the future` });
              else {
                expected.push(day);
                days.push(day);
              }
            }
            if (problem) expect(problem.message).toBe((expected.at(-1) as { message: string }).message);
            else expect(typeof expected.at(-1)).toBe('string');
          });
          const parsed = accumulator.finish();
          if (days.length === 0) {
            expect(parsed).toEqual({ ok: false, message: 'The file has no rows to import' });
            return;
          }
          const history = parsed as ParsedHistory;
          const read = new Map(columnRows(history.columns).map((row) => [row.msku, row.day]));
          expect(lines.map((_, index) => read.get(`SKU-${index}`) ?? null)).toEqual(
            expected.map((day) => (typeof day === 'string' ? day : null)),
          );
          expect(history.firstDay).toBe([...days].sort()[0]);
          expect(history.lastDay).toBe([...days].sort().at(-1));
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([
    [
      'a purchase date that does not parse',
      order('1', 'yesterday', 'A', 'Shipped', 1),
      'Row 1: purchase-date "yesterday" is not a date and time',
    ],
    [
      'a day in the future',
      order('1', '2030-01-01T10:00:00Z', 'A', 'Shipped', 1),
      'Row 1: purchase-date 2030-01-01 is in the future',
    ],
    [
      'a negative quantity',
      order('1', '2024-01-01T10:00:00Z', 'A', 'Shipped', -1),
      'Row 1: quantity must not be negative',
    ],
    [
      'a quantity that is not whole',
      order('1', '2024-01-01T10:00:00Z', 'A', 'Shipped', 1.5),
      'Row 1: quantity "1.5" is not a whole number',
    ],
    ['an empty sku', order('1', '2024-01-01T10:00:00Z', '', 'Shipped', 1), 'Row 1: sku is empty'],
  ])('refuses %s, naming the row', (_, line, message) => {
    expect(parse(`${ALL_ORDERS_HEADER}\n${line}`)).toEqual({ ok: false, message });
  });

  it('refuses a report without order lines', () => {
    expect(parse(ALL_ORDERS_HEADER)).toEqual({ ok: false, message: 'The file has no rows to import' });
  });
});

describe('Inventory Ledger report', () => {
  const header = '"Date","FNSKU","ASIN","MSKU","Title","Disposition","Ending Warehouse Balance","Location"';
  it('adds up the sellable balance of every location per day; a repeated line replaces its own', () => {
    const file = [
      header,
      '"03/10/2024","X001","B01","MUG-1","Mug","SELLABLE","12","US"',
      '"03/10/2024","X001","B01","MUG-1","Mug","SELLABLE","5","CA"',
      '"03/10/2024","X001","B01","MUG-1","Mug","DEFECTIVE","3","US"',
      '"03/11/2024","X001","B01","MUG-1","Mug","SELLABLE","0","US"',
      '"03/11/2024","X001","B01","MUG-1","Mug","SELLABLE","7","US"',
    ].join('\n');
    const parsed = parse(file) as ParsedHistory;
    expect(parsed.report.kind).toBe('stock');
    expect(columnRows(parsed.columns)).toEqual([
      { msku: 'MUG-1', day: '2024-03-10', value: 17, revenue: null },
      { msku: 'MUG-1', day: '2024-03-11', value: 7, revenue: null },
    ]);
    expect(parsed.duplicates).toBe(1);
    expect(parsed.skipped).toBe(1);
    expect(partColumns('stock', parsed.columns, 0, parsed.columns.mskuOf.length)).toEqual({
      msku: ['MUG-1', 'MUG-1'],
      day: ['2024-03-10', '2024-03-11'],
      available: [17, 7],
    });
  });

  it('refuses a date it cannot read', () => {
    expect(parse(`${header}\n"13/45/2024","X","B","M","T","SELLABLE","1","US"`)).toEqual({
      ok: false,
      message: 'Row 1: Date "13/45/2024" is not a date (YYYY-MM-DD or MM/DD/YYYY)',
    });
  });
});

describe('long files', () => {
  it('reads sku,date,units and adds up repeated lines of a day', () => {
    const parsed = parse('sku,date,units\nA,2024-01-01,2\nA,2024-01-01,3\nB,2024-01-02,0') as ParsedHistory;
    expect(parsed.report.id).toBe('long-sales');
    expect(columnRows(parsed.columns).map((row) => [row.msku, row.day, row.value])).toEqual([
      ['A', '2024-01-01', 5],
      ['B', '2024-01-02', 0],
    ]);
    expect(parsed.duplicates).toBe(1);
  });

  it('reads a header named twice from its first column, as the worker used to', () => {
    const accumulator = historyAccumulator(recognizeHistoryReport(['sku', 'date', 'units'])!, TODAY);
    const headers = ['sku', 'date', 'units', 'units'];
    expect(accumulator.addCells(headers, ['A', '2024-01-01', '2', '7'])).toBeNull();
    const parsed = accumulator.finish() as ParsedHistory;
    expect(columnRows(parsed.columns).map((row) => [row.msku, row.day, row.value])).toEqual([
      ['A', '2024-01-01', 2],
    ]);
  });

  it('reads sku,date,available and keeps the last snapshot of a day', () => {
    const parsed = parse('SKU,Date,Available\nA,2024-01-01,9\nA,2024-01-01,4') as ParsedHistory;
    expect(parsed.report.id).toBe('long-stock');
    expect(columnRows(parsed.columns).map((row) => row.value)).toEqual([4]);
    expect(parsed.duplicates).toBe(1);
  });

  it.each([
    ['negative units', 'A,2024-01-01,-3', 'Row 1: units must not be negative'],
    ['units that are not whole', 'A,2024-01-01,2.5', 'Row 1: units "2.5" is not a whole number'],
    ['a date that does not parse', 'A,01.02.2024,2', 'Row 1: date "01.02.2024" is not a date (YYYY-MM-DD)'],
    ['a date that does not exist', 'A,2023-02-29,2', 'Row 1: date "2023-02-29" is not a date (YYYY-MM-DD)'],
  ])('refuses %s', (_, line, message) => {
    expect(parse(`sku,date,units\n${line}`)).toEqual({ ok: false, message });
  });
});

describe('recognizeHistoryReport', () => {
  it('does not take an inventory report for history', () => {
    expect(recognizeHistoryReport(['Merchant SKU', 'ASIN', 'Available', 'Inbound'])).toBeNull();
    expect(recognizeHistoryReport(['sku', 'asin', 'afn-fulfillable-quantity'])).toBeNull();
  });
});

describe('parts taken while a sales file is read', () => {
  type Totals = Map<string, { units: number; cents: number | null }>;

  /** What the server makes of the parts: a product-day's rows add up across parts. */
  function addUp(totals: Totals, columns: ParsedHistory['columns']) {
    for (const row of columnRows(columns)) {
      const key = `${row.msku} ${row.day}`;
      const total = totals.get(key) ?? { units: 0, cents: null };
      total.units += row.value;
      if (row.revenue !== null) total.cents = (total.cents ?? 0) + Math.round(row.revenue * 100);
      totals.set(key, total);
    }
    return totals;
  }

  const day = (offset: number) => `2024-01-01T18:00:00+00:00`.replace('01-01', dayText(offset));
  const dayText = (offset: number) => {
    const date = new Date(Date.UTC(2024, 0, 1 + offset));
    return `${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
  };

  /**
   * An All Orders report in day order, 800 products × 160 days, each day's line of a product; every
   * 17th product-day gets a second line ten days later in the file, after its part may have been
   * taken.
   */
  function orderLines(extra: (product: number, offset: number) => string[] = () => []) {
    const lines: string[][] = [];
    for (let offset = 0; offset < 160; offset++) {
      for (let product = 0; product < 800; product++) {
        const sku = `SKU-${product}`;
        lines.push([
          `1-${offset}-${product}`,
          day(offset),
          'Shipped',
          'Amazon.com',
          sku,
          'Shipped',
          '2',
          '5.10',
        ]);
        if (offset >= 10 && (product + offset) % 17 === 0) {
          // A late line of ten days ago (its order's time stamp is that day's).
          lines.push([
            `2-${offset}-${product}`,
            day(offset - 10),
            'Shipped',
            'Amazon.com',
            sku,
            'Shipped',
            '1',
            '2.55',
          ]);
        }
        lines.push(...extra(product, offset).map((line) => line.split('\t')));
      }
    }
    return lines;
  }
  const HEADERS = [
    'amazon-order-id',
    'purchase-date',
    'order-status',
    'sales-channel',
    'sku',
    'item-status',
    'quantity',
    'item-price',
  ];

  function read(lines: string[][], takeParts: boolean) {
    const report = recognizeHistoryReport(HEADERS)!;
    const accumulator = historyAccumulator(report, TODAY);
    const parts: ParsedHistory['columns'][] = [];
    lines.forEach((cells, at) => {
      expect(accumulator.addCells(HEADERS, cells)).toBeNull();
      // Between chunks of lines, as the worker takes them.
      if (takeParts && at % 5_000 === 4_999) {
        for (let part = accumulator.takePart(); part; part = accumulator.takePart()) parts.push(part);
      }
    });
    const parsed = accumulator.finish();
    if ('ok' in parsed) throw new Error(parsed.message);
    return { parsed, parts };
  }

  it('add up, with the rest, to the whole file, each part a request of at most 100,000 rows', () => {
    const lines = orderLines();
    const whole = read(lines, false).parsed;
    const { parsed, parts } = read(lines, true);
    expect(parts.length).toBe(1);
    expect(parts.every((part) => part.mskuOf.length <= MAX_HISTORY_ROWS)).toBe(true);
    // Days with a late line after their part was taken are sent again, as what the late line adds.
    expect(parsed.columns.mskuOf.length).toBeGreaterThan(whole.productDays - MAX_HISTORY_ROWS);
    expect(parsed.resend).toBe(false);
    expect(parsed.productDays).toBe(whole.productDays);
    expect(parsed.productDays).toBe(128_000);
    expect([parsed.lines, parsed.duplicates]).toEqual([whole.lines, whole.duplicates]);
    const totals = addUp(new Map(), parsed.columns);
    for (const part of parts) addUp(totals, part);
    expect(totals).toEqual(addUp(new Map(), whole.columns));
    // A late line's day: 2 + 1 units, 5.10 + 2.55.
    expect(totals.get(`SKU-7 2024-${dayText(0)}`)).toEqual({ units: 3, cents: 765 });
    expect(whole.resend).toBe(false);
  });

  it('are not taken for a file of one request, nor for stock', () => {
    const small = read(orderLines().slice(0, 90_000), true);
    expect(small.parts).toEqual([]);
    expect(small.parsed.columns.mskuOf.length).toBe(small.parsed.productDays);

    const accumulator = historyAccumulator(HISTORY_REPORTS['long-stock'], TODAY);
    for (let row = 0; row < 100_100; row++) {
      accumulator.add({ sku: `SKU-${row}`, date: '2024-02-01', available: '3' });
    }
    expect(accumulator.takePart()).toBeNull();
  });

  it('are given up when a day goes down after its part was taken, and the file goes whole', () => {
    // A refund-like line of a negative price for a day whose part is already taken.
    const lines = orderLines((product, offset) =>
      product === 5 && offset === 150
        ? [`3-x\t${day(0)}\tShipped\tAmazon.com\tSKU-5\tShipped\t0\t-1.00`]
        : [],
    );
    const { parsed, parts } = read(lines, true);
    expect(parts.length).toBe(1);
    expect(parsed.resend).toBe(true);
    expect(parsed.columns.mskuOf.length).toBe(parsed.productDays);
    expect(addUp(new Map(), parsed.columns).get(`SKU-5 2024-${dayText(0)}`)).toEqual({
      units: 2,
      cents: 410,
    });
  });
});
