import { describe, expect, it } from 'vitest';
import { currencyOf, marketplaceByCode, marketplaceUrl } from './marketplace';

describe('a product’s marketplace', () => {
  it('links to the store of its marketplace, amazon.com by default', () => {
    expect(marketplaceUrl('B0TEST0001')).toBe('https://www.amazon.com/dp/B0TEST0001');
    expect(marketplaceUrl('B0TEST0001', 'GB')).toBe('https://www.amazon.co.uk/dp/B0TEST0001');
    expect(marketplaceUrl('B0TEST0001', 'uk')).toBe('https://www.amazon.co.uk/dp/B0TEST0001');
    expect(marketplaceUrl('B0TEST0001', 'JP')).toBe('https://www.amazon.co.jp/dp/B0TEST0001');
    expect(marketplaceUrl('B0TEST0001', 'IN')).toBe('https://www.amazon.in/dp/B0TEST0001');
    expect(marketplaceUrl('B0/../x', 'XX')).toBe('https://www.amazon.com/dp/B0%2F..%2Fx');
  });

  it('prices in its own currency, else its marketplace’s, else dollars', () => {
    expect(currencyOf({ currency: 'INR', marketplace: null })).toBe('INR');
    expect(currencyOf({ currency: null, marketplace: 'GB' })).toBe('GBP');
    expect(currencyOf({ currency: null, marketplace: 'DE' })).toBe('EUR');
    expect(currencyOf({ currency: null, marketplace: null })).toBe('USD');
  });

  it('knows the codes reports write, and nothing else', () => {
    expect(marketplaceByCode(' de ')?.domain).toBe('amazon.de');
    expect(marketplaceByCode('UK')?.countryCode).toBe('GB');
    expect(marketplaceByCode('ZZ')).toBeUndefined();
    expect(marketplaceByCode(null)).toBeUndefined();
  });
});
