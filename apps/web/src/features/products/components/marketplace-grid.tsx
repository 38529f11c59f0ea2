/** Slot: the buy-now products of all sellers (catalogue issue). */
export function MarketplaceGrid() {
  return <p className="muted">El marketplace estará disponible pronto.</p>;
}
