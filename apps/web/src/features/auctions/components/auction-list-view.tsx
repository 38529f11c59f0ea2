import { auctionMessages } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useServerNow } from '../../../lib/server-clock.ts';
import { useInfiniteAuctions } from '../api/get-auctions.ts';
import { AuctionCard } from './auction-card.tsx';
import styles from './auction-cards.module.css';

/**
 * The active auctions with infinite scroll (Home 'Subastas' tab and /auctions). A sentinel below
 * the grid loads the next page when it comes within 100 px of the viewport.
 */
export function AuctionListView({ search }: { search?: string } = {}) {
  const query = useInfiniteAuctions(search);
  const sentinel = useRef<HTMLDivElement>(null);
  const now = useServerNow(1000);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '100px', threshold: 0.1 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <Spinner label="Cargando subastas..." />;
  if (query.isError) {
    return (
      <Alert kind="error" as="div">
        {auctionMessages.listError}
      </Alert>
    );
  }
  const auctions = query.data.pages.flatMap((p) => p.items);
  if (auctions.length === 0) return <p className="empty-state">{auctionMessages.listEmpty}</p>;

  return (
    <div className="stack">
      <ul className={`grid ${styles.cardList}`} aria-label="Subastas activas">
        {auctions.map((auction, index) => (
          <li key={auction.id}>
            <AuctionCard auction={auction} now={now} priority={index === 0} />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div ref={sentinel} className={styles.sentinel} aria-live="polite">
          {isFetchingNextPage ? (
            'Cargando más subastas...'
          ) : (
            <Button variant="link" onClick={() => void fetchNextPage()}>
              Scroll para ver más
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
