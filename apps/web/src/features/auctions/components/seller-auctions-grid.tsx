/** Slot: a seller's active auctions on the public profile (auctions issue). */
export function SellerAuctionsGrid(_props: { sellerId: number }) {
  return <p className="muted">Este vendedor no tiene subastas activas.</p>;
}
