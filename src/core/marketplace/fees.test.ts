import { describe, expect, it } from 'vitest';
import { feeRows, sellerIdOf } from './fees';

describe('fee estimates', () => {
  it('splits FBA fees from the selling fees and leaves failed estimates out', () => {
    expect(
      feeRows([
        {
          Status: 'Success',
          FeesEstimateIdentifier: { IdValue: 'SKU-1' },
          FeesEstimate: {
            TotalFeesEstimate: { Amount: 7.35 },
            FeeDetailList: [
              { FeeType: 'ReferralFee', FinalFee: { Amount: 3 } },
              { FeeType: 'VariableClosingFee', FinalFee: { Amount: 0.25 } },
              { FeeType: 'FBAFees', FinalFee: { Amount: 4.1 } },
            ],
          },
        },
        // Amazon's sandbox example: a total without details.
        {
          Status: 'Success',
          FeesEstimateIdentifier: { IdValue: 'SKU-2' },
          FeesEstimate: { TotalFeesEstimate: { Amount: 3 } },
        },
        { Status: 'ClientError', FeesEstimateIdentifier: { IdValue: 'SKU-3' } },
      ]),
    ).toEqual([
      { msku: 'SKU-1', referralFee: 3.25, fbaFee: 4.1 },
      { msku: 'SKU-2', referralFee: 3, fbaFee: 0 },
    ]);
  });

  it('reads the seller id Amazon names in its estimates', () => {
    expect(
      sellerIdOf([
        { FeesEstimateIdentifier: { IdValue: 'A', SellerId: 'not an id' } },
        { FeesEstimateIdentifier: { IdValue: 'B', SellerId: 'A2EUQ1WTGCTBG2' } },
      ]),
    ).toBe('A2EUQ1WTGCTBG2');
    expect(sellerIdOf([{ FeesEstimateIdentifier: { IdValue: 'A' } }])).toBeNull();
  });
});
