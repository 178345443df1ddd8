import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { CatalogItem } from '../../core/marketplace/catalog';
import type { InventorySummary } from '../../core/marketplace/inventory';

/**
 * A stand-in of Amazon's LWA token endpoint and of the SP-API operations the sync calls, on
 * loopback, answering in the shapes of Amazon's published models (FBA Inventory v1, Reports
 * 2021-06-30). Tests set its data and its faults; no test reaches the internet.
 */

export type StandInCredentials = { clientId: string; clientSecret: string; refreshToken: string };

export type Fault =
  /** 429 with Amazon's rate header (and Retry-After when given, in seconds). */
  | { kind: 'throttle'; rate?: number; retryAfter?: number }
  | { kind: 'status'; status: 500 | 503 | 403 }
  /** Holds the answer this long (a slow or hung Amazon). */
  | { kind: 'slow'; ms: number };

export type ReportOutcome = 'DONE' | 'FATAL' | 'CANCELLED';

export type StandInState = {
  credentials: StandInCredentials;
  /** The refresh token was revoked in Seller Central: LWA answers invalid_grant. */
  revoked: boolean;
  /** API calls refuse every access token (403), as after a revoked authorisation. */
  forbidden: boolean;
  /** The next access token the API refuses once with 401 (it expired early). */
  expireNextToken: boolean;
  inventory: InventorySummary[];
  pageSize: number;
  /** Catalog items by ASIN (searchCatalogItems answers those asked for that exist). */
  catalog: CatalogItem[];
  /** The seller the credentials belong to, named in fee estimates as Amazon does. */
  sellerId: string;
  /** Fees per SKU as a share of the price (referral) and a flat FBA fee; SKUs not listed fail. */
  fees: Record<string, { referralRate: number; fba: number }>;
  /** Report documents by report type (tab-separated text). */
  reports: Record<string, string>;
  reportOutcome: Record<string, ReportOutcome>;
  /** How many getReport polls answer IN_PROGRESS before the outcome. */
  pollsBeforeDone: number;
  gzip: boolean;
  /** One-shot faults by path prefix, used in order. */
  faults: { prefix: string; fault: Fault }[];
};

export type StandInRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
};

export type SpApiStandIn = {
  url: string;
  state: StandInState;
  requests: StandInRequest[];
  reset: () => void;
  close: () => Promise<void>;
};

export const STAND_IN_CREDENTIALS: StandInCredentials = {
  clientId: 'amzn1.application-oa2-client.0123456789abcdef0123456789abcdef',
  clientSecret: 'amzn1.oa2-cs.v1.standin0secret0value0do0not0log0me',
  refreshToken: 'Atzr|IwEBIStandInRefreshTokenValueThatMustNeverLeak9Z7Q',
};

export const STAND_IN_SELLER_ID = 'A3STANDIN0SELLER';

export const LISTINGS_HEADER =
  'item-name\titem-description\tlisting-id\tseller-sku\tprice\tquantity\topen-date\timage-url\titem-is-marketplace\tproduct-id-type\tzshop-shipping-fee\titem-note\titem-condition\tzshop-category1\tzshop-browse-path\tzshop-storefront-feature\tasin1\tasin2\tasin3\twill-ship-internationally\texpedited-shipping\tzshop-boldface\tproduct-id\tbid-for-featured-placement\tadd-delete\tpending-quantity\tfulfillment-channel\tmerchant-shipping-group\tstatus';

export const ORDERS_HEADER =
  'amazon-order-id\tmerchant-order-id\tpurchase-date\tlast-updated-date\torder-status\tfulfillment-channel\tsales-channel\torder-channel\turl\tship-service-level\tproduct-name\tsku\tasin\titem-status\tquantity\tcurrency\titem-price\titem-tax\tshipping-price';

export const RESTOCK_HEADER =
  'Country\tProduct Name\tFNSKU\tMerchant SKU\tASIN\tCondition\tSupplier\tSupplier part no.\tCurrency code\tPrice\tSales last 30 days\tUnits Sold Last 30 Days\tTotal Units\tInbound\tAvailable\tFC transfer\tFC Processing\tCustomer Order\tUnfulfillable\tWorking\tShipped\tReceiving\tFulfilled by\tTotal Days of Supply (including units from open shipments)\tDays of Supply at Amazon Fulfillment Network\tAlert\tRecommended replenishment qty\tRecommended ship date\tRecommended action\tUnit storage size';

/** A line of the Restock Inventory report: the SKU, its ASIN and units sold in 30 days (price 10). */
export const restockLine = (sku: string, asin: string, unitsSold30Days: number) =>
  [
    'US',
    `Product ${sku}`,
    `X00${sku}`,
    sku,
    asin,
    'New',
    '',
    '',
    'USD',
    '10.00',
    (unitsSold30Days * 10).toFixed(2),
    String(unitsSold30Days),
    '0',
    '0',
    '0',
    '0',
    '0',
    '0',
    '0',
    '0',
    '0',
    '0',
    'Amazon',
    '0',
    '0',
    '',
    '0',
    '',
    '',
    'Standard',
  ].join('\t');

export const listingLine = (sku: string, title: string, price: string, asin: string) =>
  [
    title,
    '',
    `L${sku}`,
    sku,
    price,
    '0',
    '2024-01-01 10:00:00 PST',
    '',
    'y',
    '1',
    '',
    '',
    '11',
    '',
    '',
    '',
    asin,
    '',
    '',
    '',
    '',
    '',
    asin,
    '',
    '',
    '0',
    'AMAZON_NA',
    'Migrated Template',
    'Active',
  ].join('\t');

export const orderLine = (
  orderId: string,
  purchaseDate: string,
  sku: string,
  quantity: number,
  status = 'Shipped',
) =>
  [
    orderId,
    '',
    purchaseDate,
    purchaseDate,
    status,
    'Amazon',
    'Amazon.com',
    '',
    '',
    'Expedited',
    'Product',
    sku,
    'B000000000',
    status,
    String(quantity),
    'USD',
    (quantity * 20).toFixed(2),
    '0.00',
    '0.00',
  ].join('\t');

export const summary = (
  sku: string,
  asin: string,
  fulfillable: number,
  inbound: [number, number, number] = [0, 0, 0],
): InventorySummary => ({
  asin,
  sellerSku: sku,
  productName: `Product ${sku}`,
  inventoryDetails: {
    fulfillableQuantity: fulfillable,
    inboundWorkingQuantity: inbound[0],
    inboundShippedQuantity: inbound[1],
    inboundReceivingQuantity: inbound[2],
    reservedQuantity: { totalReservedQuantity: 1 },
  },
});

/** A catalog item as searchCatalogItems answers it (summaries and images), after Amazon's sandbox example. */
export const catalogItem = (asin: string, itemName: string, imageBase: string): CatalogItem => ({
  asin,
  summaries: [{ marketplaceId: 'ATVPDKIKX0DER', itemName }],
  images: [
    {
      marketplaceId: 'ATVPDKIKX0DER',
      images: [
        { variant: 'MAIN', link: `${imageBase}-large.jpg`, height: 1000, width: 1000 },
        { variant: 'MAIN', link: `${imageBase}-small.jpg`, height: 75, width: 75 },
        { variant: 'PT01', link: `${imageBase}-side.jpg`, height: 75, width: 75 },
      ],
    },
  ],
});

const freshState = (): StandInState => ({
  credentials: { ...STAND_IN_CREDENTIALS },
  revoked: false,
  forbidden: false,
  expireNextToken: false,
  inventory: [],
  pageSize: 2,
  catalog: [],
  sellerId: STAND_IN_SELLER_ID,
  fees: {},
  reports: {
    GET_MERCHANT_LISTINGS_ALL_DATA: `${LISTINGS_HEADER}\n`,
    GET_FLAT_FILE_ALL_ORDERS_DATA_BY_ORDER_DATE_GENERAL: `${ORDERS_HEADER}\n`,
    GET_RESTOCK_INVENTORY_RECOMMENDATIONS_REPORT: `${RESTOCK_HEADER}\n`,
  },
  reportOutcome: {},
  pollsBeforeDone: 1,
  gzip: true,
  faults: [],
});

const readBody = (request: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });

export async function startSpApiStandIn(): Promise<SpApiStandIn> {
  const state = freshState();
  const requests: StandInRequest[] = [];
  const tokens = new Set<string>();
  const reports = new Map<string, { type: string; polls: number }>();
  const documents = new Map<string, string>();
  const pending = new Set<NodeJS.Timeout>();

  const server = http.createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push({ method: request.method ?? 'GET', path: url.pathname, headers: request.headers, body });
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(value));
    };

    const faultAt = state.faults.findIndex((entry) => url.pathname.startsWith(entry.prefix));
    if (faultAt >= 0) {
      const { fault } = state.faults.splice(faultAt, 1)[0]!;
      if (fault.kind === 'slow') {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, fault.ms);
          pending.add(timer);
        });
        if (response.destroyed) return;
      } else if (fault.kind === 'throttle') {
        return json(
          429,
          {
            errors: [
              { code: 'QuotaExceeded', message: 'You exceeded your quota for the requested resource.' },
            ],
          },
          {
            'x-amzn-RateLimit-Limit': String(fault.rate ?? 2),
            ...(fault.retryAfter ? { 'retry-after': String(fault.retryAfter) } : {}),
          },
        );
      } else {
        return json(fault.status, {
          errors: [
            { code: fault.status === 403 ? 'Unauthorized' : 'InternalFailure', message: 'stand-in fault' },
          ],
        });
      }
    }

    if (url.pathname === '/auth/o2/token' && request.method === 'POST') {
      const form = new URLSearchParams(body);
      if (
        form.get('client_id') !== state.credentials.clientId ||
        form.get('client_secret') !== state.credentials.clientSecret
      ) {
        return json(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      }
      if (state.revoked || form.get('refresh_token') !== state.credentials.refreshToken) {
        return json(400, {
          error: 'invalid_grant',
          error_description: 'The request has an invalid grant parameter : refresh_token',
        });
      }
      const token = `Atza|${randomBytes(12).toString('hex')}`;
      tokens.add(token);
      return json(200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
    }

    if (url.pathname.startsWith('/documents-bytes/')) {
      const text = documents.get(url.pathname.slice('/documents-bytes/'.length));
      if (text === undefined) return json(404, { errors: [{ code: 'NotFound' }] });
      response.writeHead(200, { 'content-type': 'text/tab-separated-values' });
      return response.end(state.gzip ? gzipSync(text) : text);
    }

    const token = request.headers['x-amz-access-token'];
    if (typeof token !== 'string' || !tokens.has(token)) {
      return json(401, {
        errors: [{ code: 'Unauthorized', message: 'Access to requested resource is denied.' }],
      });
    }
    if (state.expireNextToken) {
      state.expireNextToken = false;
      tokens.delete(token);
      return json(401, {
        errors: [{ code: 'Unauthorized', message: 'The access token you provided has expired.' }],
      });
    }
    if (state.forbidden)
      return json(403, {
        errors: [{ code: 'Unauthorized', message: 'Access to requested resource is denied.' }],
      });

    if (url.pathname === '/fba/inventory/v1/summaries') {
      const start = Number(url.searchParams.get('nextToken') ?? '0');
      const page = state.inventory.slice(start, start + state.pageSize);
      const next =
        start + state.pageSize < state.inventory.length ? String(start + state.pageSize) : undefined;
      return json(200, {
        payload: {
          granularity: {
            granularityType: 'Marketplace',
            granularityId: url.searchParams.get('granularityId'),
          },
          inventorySummaries: page,
        },
        ...(next ? { pagination: { nextToken: next } } : {}),
      });
    }

    if (url.pathname === '/catalog/2022-04-01/items') {
      const asked = (url.searchParams.get('identifiers') ?? '').split(',');
      if (asked.length > 20)
        return json(400, { errors: [{ code: 'InvalidInput', message: 'Too many identifiers' }] });
      const items = state.catalog.filter((item) => asked.includes(item.asin ?? ''));
      return json(200, { numberOfResults: items.length, items });
    }

    if (url.pathname === '/products/fees/v0/feesEstimate' && request.method === 'POST') {
      type FeeRequest = {
        IdValue: string;
        FeesEstimateRequest: { PriceToEstimateFees: { ListingPrice: { Amount: number } } };
      };
      const asked = JSON.parse(body) as FeeRequest[];
      if (!Array.isArray(asked) || asked.length > 20)
        return json(400, { errors: [{ code: 'InvalidInput' }] });
      return json(
        200,
        asked.map((entry) => {
          const fee = state.fees[entry.IdValue];
          const price = entry.FeesEstimateRequest.PriceToEstimateFees.ListingPrice.Amount;
          if (!fee) {
            return {
              Status: 'ClientError',
              FeesEstimateIdentifier: {
                SellerId: state.sellerId,
                IdType: 'SellerSKU',
                IdValue: entry.IdValue,
              },
              Error: { Type: 'Sender', Code: 'InvalidParameterValue', Message: 'Item not found', Detail: [] },
            };
          }
          const referral = Math.round(price * fee.referralRate * 100) / 100;
          return {
            Status: 'Success',
            FeesEstimateIdentifier: {
              MarketplaceId: 'ATVPDKIKX0DER',
              SellerId: state.sellerId,
              IdType: 'SellerSKU',
              IdValue: entry.IdValue,
              IsAmazonFulfilled: true,
            },
            FeesEstimate: {
              TotalFeesEstimate: { CurrencyCode: 'USD', Amount: referral + fee.fba },
              FeeDetailList: [
                {
                  FeeType: 'ReferralFee',
                  FeeAmount: { CurrencyCode: 'USD', Amount: referral },
                  FinalFee: { CurrencyCode: 'USD', Amount: referral },
                },
                {
                  FeeType: 'VariableClosingFee',
                  FeeAmount: { CurrencyCode: 'USD', Amount: 0 },
                  FinalFee: { CurrencyCode: 'USD', Amount: 0 },
                },
                {
                  FeeType: 'FBAFees',
                  FeeAmount: { CurrencyCode: 'USD', Amount: fee.fba },
                  FinalFee: { CurrencyCode: 'USD', Amount: fee.fba },
                },
              ],
            },
          };
        }),
      );
    }

    if (url.pathname === '/reports/2021-06-30/reports' && request.method === 'POST') {
      const { reportType } = JSON.parse(body) as { reportType: string };
      const reportId = String(reports.size + 1000);
      reports.set(reportId, { type: reportType, polls: 0 });
      return json(202, { reportId });
    }
    const reportMatch = /^\/reports\/2021-06-30\/reports\/(\d+)$/.exec(url.pathname);
    if (reportMatch) {
      const report = reports.get(reportMatch[1]!);
      if (!report) return json(404, { errors: [{ code: 'NotFound' }] });
      report.polls += 1;
      const base = {
        reportId: reportMatch[1],
        reportType: report.type,
        createdTime: new Date().toISOString(),
      };
      if (report.polls <= state.pollsBeforeDone)
        return json(200, { ...base, processingStatus: 'IN_PROGRESS' });
      const outcome = state.reportOutcome[report.type] ?? 'DONE';
      if (outcome !== 'DONE') return json(200, { ...base, processingStatus: outcome });
      const documentId = `amzn1.spdoc.1.4.na.${reportMatch[1]}`;
      documents.set(documentId, state.reports[report.type] ?? '');
      return json(200, { ...base, processingStatus: 'DONE', reportDocumentId: documentId });
    }
    const documentMatch = /^\/reports\/2021-06-30\/documents\/([\w.-]+)$/.exec(url.pathname);
    if (documentMatch) {
      const address = server.address() as AddressInfo;
      return json(200, {
        reportDocumentId: documentMatch[1],
        url: `http://127.0.0.1:${address.port}/documents-bytes/${documentMatch[1]}`,
        ...(state.gzip ? { compressionAlgorithm: 'GZIP' } : {}),
      });
    }
    return json(404, { errors: [{ code: 'NotFound', message: `No stand-in for ${url.pathname}` }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    requests,
    reset() {
      Object.assign(state, freshState());
      requests.length = 0;
    },
    close: async () => {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
