/** The marketplace's product page of an ASIN. */
export const marketplaceUrl = (asin: string) => `https://www.amazon.com/dp/${encodeURIComponent(asin)}`;
