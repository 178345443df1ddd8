// Catalog Items 2022-04-01 searchCatalogItems (includedData=summaries,images): a title and the
// main image of each ASIN, for the marketplace asked.

export type CatalogItem = {
  asin?: string;
  summaries?: { marketplaceId?: string; itemName?: string }[];
  images?: {
    marketplaceId?: string;
    images?: { variant?: string; link?: string; height?: number; width?: number }[];
  }[];
};

export type CatalogEntry = { asin: string; title: string | null; image: string | null };

/** ASINs per searchCatalogItems call (the operation's limit). */
export const CATALOG_BATCH = 20;

/** The smallest main image at least this tall makes a sharp thumbnail without a large download. */
const THUMBNAIL_MIN_HEIGHT = 75;

export function catalogEntries(items: readonly CatalogItem[], marketplaceId: string): CatalogEntry[] {
  const entries: CatalogEntry[] = [];
  for (const item of items) {
    const asin = item.asin?.trim();
    if (!asin) continue;
    const title =
      item.summaries
        ?.find((s) => s.marketplaceId === marketplaceId)
        ?.itemName?.trim()
        .slice(0, 500) || null;
    const mains = (item.images?.find((set) => set.marketplaceId === marketplaceId)?.images ?? [])
      .filter(
        (image) =>
          image.variant === 'MAIN' && typeof image.link === 'string' && /^https?:\/\//.test(image.link),
      )
      .filter((image) => (image.link as string).length <= 2048)
      .sort((a, b) => (a.height ?? 0) - (b.height ?? 0));
    const image = mains.find((candidate) => (candidate.height ?? 0) >= THUMBNAIL_MIN_HEIGHT) ?? mains.at(-1);
    entries.push({ asin, title, image: image?.link ?? null });
  }
  return entries;
}
