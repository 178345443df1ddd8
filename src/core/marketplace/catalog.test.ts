import { describe, expect, it } from 'vitest';
import { catalogEntries } from './catalog';

describe('catalog entries', () => {
  it("takes the marketplace's title and its smallest main image that is tall enough", () => {
    const entries = catalogEntries(
      [
        {
          asin: 'B0TEST0001',
          summaries: [
            { marketplaceId: 'A1PA6795UKMFR9', itemName: 'Deutscher Titel' },
            { marketplaceId: 'ATVPDKIKX0DER', itemName: 'US title' },
          ],
          images: [
            {
              marketplaceId: 'ATVPDKIKX0DER',
              images: [
                { variant: 'MAIN', link: 'https://example.com/big.jpg', height: 1500 },
                { variant: 'MAIN', link: 'https://example.com/tiny.jpg', height: 30 },
                { variant: 'MAIN', link: 'https://example.com/thumb.jpg', height: 100 },
                { variant: 'PT01', link: 'https://example.com/side.jpg', height: 80 },
              ],
            },
          ],
        },
        {
          asin: 'B0TEST0002',
          images: [
            { marketplaceId: 'ATVPDKIKX0DER', images: [{ variant: 'MAIN', link: 'javascript:alert(1)' }] },
          ],
        },
        { summaries: [{ marketplaceId: 'ATVPDKIKX0DER', itemName: 'No ASIN' }] },
      ],
      'ATVPDKIKX0DER',
    );
    expect(entries).toEqual([
      { asin: 'B0TEST0001', title: 'US title', image: 'https://example.com/thumb.jpg' },
      { asin: 'B0TEST0002', title: null, image: null },
    ]);
  });
});
