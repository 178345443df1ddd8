/** Whole cents: sums of prices are added as integers so that 0.1 + 0.2 stays 0.30. */
// toPrecision first so that 1.005 × 100 = 100.49999999999999 still rounds to 101 cents.
export const toCents = (value: number) => Math.round(Number((value * 100).toPrecision(15)));

export const roundCents = (value: number) => toCents(value) / 100;

/** quantity × unit cost to the cent; null without a cost. */
export const lineTotal = (quantity: number, unitCost: number | null): number | null =>
  unitCost === null ? null : roundCents(quantity * unitCost);

/** The sum of the known amounts, to the cent. */
export const sumMoney = (amounts: Iterable<number | null>): number => {
  let cents = 0;
  for (const amount of amounts) if (amount !== null) cents += toCents(amount);
  return cents / 100;
};
