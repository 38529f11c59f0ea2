/**
 * The marketplace's cut of a sale, on integer centavos only:
 * commission = round(rate × amount) (half up), payable = amount − commission.
 * The rate is read to a hundredth of a percent (basis points) so no binary fraction of it
 * leaks into the money; the product is done in BigInt so no amount is too large to be exact.
 */
export interface Commission {
  /** What the marketplace keeps, in centavos. */
  commission: number;
  /** What the seller is paid, in centavos (the processor fee is shown apart, never netted here). */
  payable: number;
}

export function rateToBasisPoints(rate: number): number {
  if (!Number.isFinite(rate) || rate < 0 || rate > 1)
    throw new RangeError(`Invalid commission rate: ${rate}`);
  return Math.round(rate * 10_000);
}

export function computeCommission(amountCentavos: number, rate: number): Commission {
  if (!Number.isSafeInteger(amountCentavos) || amountCentavos < 0) {
    throw new RangeError(`Amount must be a non-negative integer of centavos: ${amountCentavos}`);
  }
  const bps = BigInt(rateToBasisPoints(rate));
  const commission = Number((BigInt(amountCentavos) * bps + 5_000n) / 10_000n);
  return { commission, payable: amountCentavos - commission };
}
