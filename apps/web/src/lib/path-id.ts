/** The id an address segment names (a positive integer of at most 10 digits), or null. */
export function pathId(segment: string | undefined): number | null {
  const id = segment && /^\d{1,10}$/.test(segment) ? Number(segment) : 0;
  return id > 0 ? id : null;
}
