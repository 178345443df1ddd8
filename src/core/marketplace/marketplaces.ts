import { z } from 'zod';

/**
 * The Selling Partner API's three regions. Each has its own endpoint; a seller's credentials work
 * in the region where the seller account was registered.
 */
export const REGIONS = ['na', 'eu', 'fe'] as const;
export const regionSchema = z.enum(REGIONS, { error: 'Region must be North America, Europe or Far East' });
export type Region = z.infer<typeof regionSchema>;

export const REGION_NAMES: Readonly<Record<Region, string>> = {
  na: 'North America',
  eu: 'Europe',
  fe: 'Far East',
};

/** The production endpoint of each region (Amazon's "SP-API endpoints" table). */
export const REGION_ENDPOINTS: Readonly<Record<Region, string>> = {
  na: 'https://sellingpartnerapi-na.amazon.com',
  eu: 'https://sellingpartnerapi-eu.amazon.com',
  fe: 'https://sellingpartnerapi-fe.amazon.com',
};

export type Marketplace = {
  id: string;
  region: Region;
  country: string;
  /** ISO 3166 alpha-2 (Amazon writes UK for the United Kingdom; GB is the ISO code). */
  countryCode: string;
  currency: string;
  /** The storefront, for product links: `https://www.${domain}/dp/${asin}`. */
  domain: string;
  /** IANA zone in which the marketplace counts its days (order dates, daily sales). */
  timeZone: string;
};

const m = (
  id: string,
  region: Region,
  country: string,
  countryCode: string,
  currency: string,
  domain: string,
  timeZone: string,
): Marketplace => ({ id, region, country, countryCode, currency, domain, timeZone });

/** Amazon's marketplace ids by region ("Marketplace IDs" in the SP-API documentation). */
export const MARKETPLACES: readonly Marketplace[] = [
  m('A2EUQ1WTGCTBG2', 'na', 'Canada', 'CA', 'CAD', 'amazon.ca', 'America/Toronto'),
  m('ATVPDKIKX0DER', 'na', 'United States', 'US', 'USD', 'amazon.com', 'America/Los_Angeles'),
  m('A1AM78C64UM0Y8', 'na', 'Mexico', 'MX', 'MXN', 'amazon.com.mx', 'America/Mexico_City'),
  m('A2Q3Y263D00KWC', 'na', 'Brazil', 'BR', 'BRL', 'amazon.com.br', 'America/Sao_Paulo'),
  m('A28R8C7NBKEWEA', 'eu', 'Ireland', 'IE', 'EUR', 'amazon.ie', 'Europe/Dublin'),
  m('A1RKKUPIHCS9HS', 'eu', 'Spain', 'ES', 'EUR', 'amazon.es', 'Europe/Madrid'),
  m('A1F83G8C2ARO7P', 'eu', 'United Kingdom', 'GB', 'GBP', 'amazon.co.uk', 'Europe/London'),
  m('A13V1IB3VIYZZH', 'eu', 'France', 'FR', 'EUR', 'amazon.fr', 'Europe/Paris'),
  m('AMEN7PMS3EDWL', 'eu', 'Belgium', 'BE', 'EUR', 'amazon.com.be', 'Europe/Brussels'),
  m('A1805IZSGTT6HS', 'eu', 'Netherlands', 'NL', 'EUR', 'amazon.nl', 'Europe/Amsterdam'),
  m('A1PA6795UKMFR9', 'eu', 'Germany', 'DE', 'EUR', 'amazon.de', 'Europe/Berlin'),
  m('APJ6JRA9NG5V4', 'eu', 'Italy', 'IT', 'EUR', 'amazon.it', 'Europe/Rome'),
  m('A2NODRKZP88ZB9', 'eu', 'Sweden', 'SE', 'SEK', 'amazon.se', 'Europe/Stockholm'),
  m('AE08WJ6YKNBMC', 'eu', 'South Africa', 'ZA', 'ZAR', 'amazon.co.za', 'Africa/Johannesburg'),
  m('A1C3SOZRARQ6R3', 'eu', 'Poland', 'PL', 'PLN', 'amazon.pl', 'Europe/Warsaw'),
  m('ARBP9OOSHTCHU', 'eu', 'Egypt', 'EG', 'EGP', 'amazon.eg', 'Africa/Cairo'),
  m('A33AVAJ2PDY3EV', 'eu', 'Turkey', 'TR', 'TRY', 'amazon.com.tr', 'Europe/Istanbul'),
  m('A17E79C6D8DWNP', 'eu', 'Saudi Arabia', 'SA', 'SAR', 'amazon.sa', 'Asia/Riyadh'),
  m('A2VIGQ35RCS4UG', 'eu', 'United Arab Emirates', 'AE', 'AED', 'amazon.ae', 'Asia/Dubai'),
  m('A21TJRUUN4KGV', 'eu', 'India', 'IN', 'INR', 'amazon.in', 'Asia/Kolkata'),
  m('A19VAU5U5O7RUS', 'fe', 'Singapore', 'SG', 'SGD', 'amazon.sg', 'Asia/Singapore'),
  m('A39IBJ37TRP1C6', 'fe', 'Australia', 'AU', 'AUD', 'amazon.com.au', 'Australia/Sydney'),
  m('A1VC38T7YXB528', 'fe', 'Japan', 'JP', 'JPY', 'amazon.co.jp', 'Asia/Tokyo'),
];

const BY_ID: ReadonlyMap<string, Marketplace> = new Map(MARKETPLACES.map((market) => [market.id, market]));

/** The marketplace with this id, or undefined. */
export const findMarketplace = (id: string): Marketplace | undefined => BY_ID.get(id);

/** The marketplaces of a region, in the documentation's order. */
export const marketplacesOf = (region: Region): Marketplace[] =>
  MARKETPLACES.filter((market) => market.region === region);

/** The US store, for products of an account that has not connected a marketplace. */
export const DEFAULT_MARKETPLACE = BY_ID.get('ATVPDKIKX0DER')!;

/** "United States (amazon.com, USD)": how a marketplace reads in a list. */
export const marketplaceLabel = (market: Marketplace) =>
  `${market.country} (${market.domain}, ${market.currency})`;

/**
 * The calendar day (YYYY-MM-DD) of an instant in a time zone: an order placed at 23:30 in Los
 * Angeles belongs to that day even though it is already tomorrow in UTC.
 */
export function dayInTimeZone(instant: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}
