import { DEFAULT_MARKETPLACE, MARKETPLACES, type Marketplace } from '../marketplace/marketplaces';

// A product's marketplace is stored as its country code (what reports write in their Country and
// marketplace columns); a product without one belongs to the account's marketplace, the US store
// until the account connects another.

const BY_CODE: ReadonlyMap<string, Marketplace> = new Map(
  MARKETPLACES.map((market) => [market.countryCode, market]),
);

/** The marketplace of a country code, case-insensitive; Amazon writes UK for the United Kingdom. */
export function marketplaceByCode(code: string | null | undefined): Marketplace | undefined {
  if (!code) return undefined;
  const upper = code.trim().toUpperCase();
  return BY_CODE.get(upper === 'UK' ? 'GB' : upper);
}

/** Every currency a marketplace uses. */
export const MARKETPLACE_CURRENCIES: ReadonlySet<string> = new Set(
  MARKETPLACES.map((market) => market.currency),
);

/** The product's store, or the default one. */
export const marketplaceOf = (code: string | null | undefined): Marketplace =>
  marketplaceByCode(code) ?? DEFAULT_MARKETPLACE;

/** The marketplace's product page of an ASIN: amazon.co.uk for a UK product, amazon.com by default. */
export const marketplaceUrl = (asin: string, code?: string | null) =>
  `https://www.${marketplaceOf(code).domain}/dp/${encodeURIComponent(asin)}`;

/** The currency of a product's money fields: its own, else its marketplace's. */
export const currencyOf = (product: { currency?: string | null; marketplace?: string | null }): string =>
  product.currency ?? marketplaceOf(product.marketplace).currency;
