// Product Fees v0 getMyFeesEstimates: the fees of each SKU at its current price, 20 a call.

export type FeesEstimateResult = {
  Status?: string;
  FeesEstimateIdentifier?: { IdValue?: string; SellerId?: string };
  FeesEstimate?: {
    TotalFeesEstimate?: { Amount?: number };
    FeeDetailList?: { FeeType?: string; FinalFee?: { Amount?: number }; FeeAmount?: { Amount?: number } }[];
  };
};

export type FeeRow = { msku: string; referralFee: number; fbaFee: number };

export const FEES_BATCH = 20;

const amount = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < 1_000_000_000 ? value : null;
const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * FBA fees are the fee types that start with FBA (fulfilment per unit, weight handling); every
 * other fee (referral, variable closing, per item) is a selling fee, counted as the referral fee.
 * An estimate without details counts its total as the referral fee. Failed estimates are left out.
 */
export function feeRows(results: readonly FeesEstimateResult[]): FeeRow[] {
  const rows: FeeRow[] = [];
  for (const result of results) {
    const msku = result.FeesEstimateIdentifier?.IdValue;
    const total = amount(result.FeesEstimate?.TotalFeesEstimate?.Amount);
    if (result.Status !== 'Success' || !msku || total === null) continue;
    let fba = 0;
    for (const detail of result.FeesEstimate?.FeeDetailList ?? []) {
      const fee = amount(detail.FinalFee?.Amount ?? detail.FeeAmount?.Amount) ?? 0;
      if (detail.FeeType?.startsWith('FBA')) fba += fee;
    }
    fba = Math.min(fba, total);
    rows.push({ msku, referralFee: cents(total - fba), fbaFee: cents(fba) });
  }
  return rows;
}

/** A merchant token as Seller Central shows it (e.g. A2EUQ1WTGCTBG2); the sandbox's AXXXXXXXXXXXXX fits too. */
const SELLER_ID = /^A[0-9A-Z]{8,20}$/;

/** The seller id Amazon names in its estimates (the same on each), or null when none names a valid one. */
export function sellerIdOf(results: readonly FeesEstimateResult[]): string | null {
  for (const result of results) {
    const id = result.FeesEstimateIdentifier?.SellerId?.trim();
    if (id && SELLER_ID.test(id)) return id;
  }
  return null;
}
