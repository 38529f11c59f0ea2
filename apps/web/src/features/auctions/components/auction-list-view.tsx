/** Slot: the active auctions list (auctions issue). */
export function AuctionListView() {
  return <p className="muted">Las subastas estarán disponibles pronto.</p>;
}
