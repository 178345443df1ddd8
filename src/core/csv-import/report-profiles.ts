import type { TargetKey } from './targets';

// The marketplace reports the importer recognises, as data: each names the headers it carries (in
// English and as the German, French and Japanese marketplaces spell them), which header fills
// which field, and how its rows are shaped. A new report kind is one more entry here.

export const LANGUAGES = ['en', 'de', 'fr', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A report header: its English name and its localised spellings. */
export interface Header {
  en: string;
  de?: readonly string[];
  fr?: readonly string[];
  ja?: readonly string[];
}

/** A column added before mapping (one column feeds one field, SPEC 4). */
export interface ComputedSpec {
  computed: string;
  /** Whole numbers summed; blank cells count as 0, all blank is blank. */
  sumOf: readonly Header[];
  /** Only rows whose `header` holds one of `values` (compared case-insensitively); blank otherwise. */
  onlyWhen?: { header: Header; values: readonly string[] };
}

export type ColumnSpec = Header | ComputedSpec;

export const isComputed = (spec: ColumnSpec): spec is ComputedSpec => 'computed' in spec;

/** What a report's rows are and what an import of them does. */
export type ReportKind = 'products';

export interface ReportProfile {
  id: string;
  name: string;
  kind: ReportKind;
  sku: Header;
  columns: Readonly<Partial<Record<TargetKey, ColumnSpec>>>;
  /** Headers not imported that tell this report from others. */
  otherHeaders: readonly Header[];
  /** Headers this report must carry besides the SKU. */
  requires?: readonly Header[];
  /** Headers that mean the file is some other report. */
  excludes?: readonly Header[];
  /** Several rows per SKU, one per condition: `sum` is totalled over rows whose `when` matches. */
  perSku?: { sum: Header; when: { header: Header; values: readonly string[] } };
  /** Rows the user may leave out, with the checkbox label. */
  rowFilter?: { header: Header; keep: readonly string[]; label: string };
  /** Columns whose first value names the marketplace country or the currency. */
  country?: Header;
  currency?: Header;
}

const h = (en: string, localised: Omit<Header, 'en'> = {}): Header => ({ en, ...localised });

// Amazon's Active and All Listings reports (GET_MERCHANT_LISTINGS_DATA / _ALL_DATA).
const LISTINGS = {
  itemName: h('item-name', {
    de: ['Artikelbezeichnung'],
    fr: ['nom-produit', "nom-de-l'article"],
    ja: ['商品名'],
  }),
  itemDescription: h('item-description', { de: ['Artikelbeschreibung'], fr: ['description-article'] }),
  listingId: h('listing-id', {
    de: ['Angebotsnummer'],
    fr: ['identifiant-offre', 'id-offre'],
    ja: ['出品ID'],
  }),
  sellerSku: h('seller-sku', { de: ['Händler-SKU'], fr: ['sku-vendeur', 'SKU vendeur'], ja: ['出品者SKU'] }),
  price: h('price', { de: ['Preis'], fr: ['prix'], ja: ['価格'] }),
  quantity: h('quantity', { de: ['Menge'], fr: ['quantité'], ja: ['数量'] }),
  openDate: h('open-date', {
    de: ['Erstellungsdatum'],
    fr: ['date-ouverture', 'date-de-création'],
    ja: ['出品日'],
  }),
  imageUrl: h('image-url', { de: ['Bild-URL'], fr: ['url-image'], ja: ['画像URL'] }),
  condition: h('item-condition', {
    de: ['Artikelzustand'],
    fr: ['état-article', 'état-produit'],
    ja: ['コンディション'],
  }),
  asin1: h('asin1', { de: ['ASIN 1'], fr: ['asin1'], ja: ['ASIN 1', 'ASIN1'] }),
  productId: h('product-id', { de: ['Produkt-ID'], fr: ['id-produit'], ja: ['商品ID'] }),
  productIdType: h('product-id-type', {
    de: ['Produkt-ID-Typ'],
    fr: ['type-id-produit'],
    ja: ['商品IDタイプ'],
  }),
  channel: h('fulfillment-channel', {
    de: ['Versender'],
    fr: ['canal-traitement'],
    ja: ['フルフィルメント・チャンネル'],
  }),
  status: h('status', { de: ['Status'], fr: ['statut', 'état'], ja: ['ステータス'] }),
  businessPrice: h('Business Price'),
  quantityPriceType: h('Quantity Price Type'),
  shippingGroup: h('merchant-shipping-group'),
};

/** Seller-fulfilled stock only: an FBA listing's quantity is not stock the seller holds. */
const SELLER_FULFILLED_QUANTITY: ComputedSpec = {
  computed: 'Local Inventory (seller-fulfilled quantity)',
  sumOf: [LISTINGS.quantity],
  onlyWhen: { header: LISTINGS.channel, values: ['DEFAULT'] },
};

const LISTINGS_OTHER = [
  LISTINGS.itemDescription,
  LISTINGS.listingId,
  LISTINGS.openDate,
  LISTINGS.condition,
  LISTINGS.productId,
  LISTINGS.productIdType,
  LISTINGS.channel,
  LISTINGS.shippingGroup,
];

const listingsColumns = {
  msku: LISTINGS.sellerSku,
  asin: LISTINGS.asin1,
  title: LISTINGS.itemName,
  your_price: LISTINGS.price,
  main_thumbnail: LISTINGS.imageUrl,
  local_inventory_quantity: SELLER_FULFILLED_QUANTITY,
} as const;

const MANAGE = {
  sku: h('sku'),
  asin: h('asin'),
  productName: h('product-name'),
  yourPrice: h('your-price'),
  fnsku: h('fnsku'),
  condition: h('condition'),
};

export const REPORT_PROFILES: readonly ReportProfile[] = [
  {
    id: 'restock-inventory',
    name: 'Restock Inventory report',
    kind: 'products',
    sku: h('Merchant SKU'),
    columns: {
      msku: h('Merchant SKU'),
      asin: h('ASIN'),
      title: h('Product Name'),
      your_price: h('Price'),
      // 'Units Sold Last 30 Days', not 'Sales last 30 days', which is an amount of money.
      sales_last_30_days: h('Units Sold Last 30 Days'),
      fba_quantity: h('Available'),
      inbound_quantity: h('Inbound'),
      supplier: h('Supplier'),
      marketplace: h('Country'),
      currency: h('Currency code'),
    },
    otherHeaders: [
      h('FNSKU'),
      h('Condition'),
      h('Total Units'),
      h('Days of Supply at Amazon Fulfillment Network'),
      h('Recommended replenishment qty'),
      h('Recommended ship date'),
    ],
    country: h('Country'),
    currency: h('Currency code'),
  },
  {
    id: 'fba-inventory',
    name: 'FBA Inventory report',
    kind: 'products',
    sku: MANAGE.sku,
    columns: {
      msku: MANAGE.sku,
      asin: MANAGE.asin,
      title: MANAGE.productName,
      your_price: MANAGE.yourPrice,
      buy_box_price: h('featuredoffer-price'),
      competitive_price: h('lowest-price-new-plus-shipping'),
      sales_last_30_days: h('units-shipped-t30'),
      // DESIGN 5: FBA stock is available plus reserved.
      fba_quantity: {
        computed: 'FBA Quantity (available + reserved)',
        sumOf: [h('available'), h('Total Reserved Quantity')],
      },
      inbound_quantity: h('inbound-quantity'),
      marketplace: h('marketplace'),
      currency: h('currency'),
    },
    otherHeaders: [
      h('snapshot-date'),
      MANAGE.fnsku,
      MANAGE.condition,
      h('pending-removal-quantity'),
      h('units-shipped-t7'),
      h('units-shipped-t60'),
      h('units-shipped-t90'),
      h('recommended-action'),
      h('days-of-supply'),
      h('sell-through'),
      h('inbound-working'),
      h('inbound-shipped'),
      h('inbound-received'),
    ],
    requires: [h('available')],
    country: h('marketplace'),
    currency: h('currency'),
  },
  {
    id: 'fba-manage-inventory',
    name: 'Manage FBA Inventory report',
    kind: 'products',
    sku: MANAGE.sku,
    columns: {
      msku: MANAGE.sku,
      asin: MANAGE.asin,
      title: MANAGE.productName,
      your_price: MANAGE.yourPrice,
      // DESIGN 5: fba_quantity is available plus reserved; inbound is working, shipped and receiving.
      fba_quantity: {
        computed: 'FBA Quantity (fulfillable + reserved)',
        sumOf: [h('afn-fulfillable-quantity'), h('afn-reserved-quantity')],
      },
      inbound_quantity: {
        computed: 'Inbound Quantity (working + shipped + receiving)',
        sumOf: [
          h('afn-inbound-working-quantity'),
          h('afn-inbound-shipped-quantity'),
          h('afn-inbound-receiving-quantity'),
        ],
      },
      // The seller-fulfilled offer's stock is stock the seller holds.
      local_inventory_quantity: h('mfn-fulfillable-quantity'),
    },
    otherHeaders: [
      MANAGE.fnsku,
      MANAGE.condition,
      h('mfn-listing-exists'),
      h('afn-listing-exists'),
      h('afn-warehouse-quantity'),
      h('afn-unsellable-quantity'),
      h('afn-total-quantity'),
      h('per-unit-volume'),
    ],
  },
  {
    id: 'amazon-fulfilled-inventory',
    name: 'Amazon-Fulfilled Inventory report',
    kind: 'products',
    sku: h('seller-sku'),
    columns: {
      msku: h('seller-sku'),
      asin: h('asin'),
      fba_quantity: h('Quantity Available'),
    },
    otherHeaders: [h('fulfillment-channel-sku'), h('condition-type'), h('Warehouse-Condition-code')],
    requires: [h('Quantity Available')],
    // One row per SKU and condition: the sellable rows are the SKU's stock.
    perSku: {
      sum: h('Quantity Available'),
      when: { header: h('Warehouse-Condition-code'), values: ['SELLABLE'] },
    },
  },
  {
    id: 'inventory',
    name: 'Inventory report',
    kind: 'products',
    sku: h('sku', { ja: ['出品者SKU'] }),
    columns: {
      msku: h('sku', { ja: ['出品者SKU'] }),
      asin: h('asin'),
      your_price: h('price', { de: ['Preis'], fr: ['prix'], ja: ['価格'] }),
      // The report's quantity is the seller-fulfilled stock.
      local_inventory_quantity: h('quantity', { de: ['Menge'], fr: ['quantité'], ja: ['数量'] }),
    },
    otherHeaders: [h('Business Price'), h('Quantity Price Type'), h('Quantity Lower Bound 1')],
    requires: [h('quantity', { de: ['Menge'], fr: ['quantité'], ja: ['数量'] })],
    excludes: [LISTINGS.itemName],
  },
  {
    id: 'all-listings',
    name: 'All Listings report',
    kind: 'products',
    sku: LISTINGS.sellerSku,
    columns: listingsColumns,
    otherHeaders: [...LISTINGS_OTHER, LISTINGS.status],
    requires: [LISTINGS.status],
    rowFilter: {
      header: LISTINGS.status,
      keep: ['Active', 'Aktiv', 'Actif', 'Attivo', 'Activo', '出品中', 'アクティブ'],
      label: 'Skip inactive listings',
    },
  },
  {
    id: 'active-listings',
    name: 'Active Listings report',
    kind: 'products',
    sku: LISTINGS.sellerSku,
    columns: listingsColumns,
    otherHeaders: [...LISTINGS_OTHER, LISTINGS.businessPrice, LISTINGS.quantityPriceType],
    excludes: [LISTINGS.status],
  },
];

/** Every spelling of a header, with the language it belongs to. */
export function spellings(header: Header): { text: string; language: Language }[] {
  return LANGUAGES.flatMap((language): { text: string; language: Language }[] =>
    language === 'en'
      ? [{ text: header.en, language }]
      : (header[language] ?? []).map((text) => ({ text, language })),
  );
}
