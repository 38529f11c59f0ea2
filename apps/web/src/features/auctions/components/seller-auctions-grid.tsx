import { Spinner } from '../../../components/ui/spinner.tsx';
import { useServerNow } from '../../../lib/server-clock.ts';
import { useAuctionsBySeller } from '../api/get-auctions-by-seller.ts';
import { AuctionCard } from './auction-card.tsx';
import styles from './auction-cards.module.css';

/** A seller's active auctions on the public profile; a failed load just shows the empty message. */
export function SellerAuctionsGrid({ sellerId }: { sellerId: number }) {
  const query = useAuctionsBySeller(sellerId);
  const now = useServerNow(1000);
  if (query.isPending && query.fetchStatus !== 'idle') return <Spinner label="Cargando subastas..." />;
  const auctions = query.data?.items ?? [];
  if (auctions.length === 0) return <p className="empty-state">Este vendedor no tiene subastas activas.</p>;
  return (
    <ul className={`grid ${styles.cardList}`} aria-label="Subastas activas del vendedor">
      {auctions.map((auction) => (
        <li key={auction.id}>
          <AuctionCard auction={auction} now={now} headingLevel="h3" />
        </li>
      ))}
    </ul>
  );
}
