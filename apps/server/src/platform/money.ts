/**
 * Money is stored as integer centavos (bigint) and spoken as whole pesos (JSON numbers) by the
 * API. Everything a person types or the processor charges is a whole number of pesos, so those
 * columns hold multiples of 100 (database checks keep them so); only the commission split of a
 * payout may carry centavos. Convert only at the edges; do arithmetic on centavos.
 */
export function toCentavos(pesos: number): number {
  // Input schemas only let whole pesos through: anything else here is a bug, not a rounding case.
  if (!Number.isSafeInteger(pesos)) throw new RangeError(`Amount must be whole pesos: ${pesos}`);
  return pesos * 100;
}

export function toPesos(centavos: number): number {
  return centavos / 100;
}

export function toPesosOrNull(centavos: number | null | undefined): number | null {
  return centavos === null || centavos === undefined ? null : centavos / 100;
}
