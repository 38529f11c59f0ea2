/**
 * Money is stored as integer centavos (bigint) and spoken as pesos (JSON numbers) by the API.
 * Convert only at the edges; do arithmetic on centavos.
 */
export function toCentavos(pesos: number): number {
  return Math.round(pesos * 100);
}

export function toPesos(centavos: number): number {
  return centavos / 100;
}

export function toPesosOrNull(centavos: number | null | undefined): number | null {
  return centavos === null || centavos === undefined ? null : centavos / 100;
}
