import { AUCTION_CARD_IMAGES, type AuctionSummary, formatTimeLeft } from '@app/contracts';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { LinkButton } from '../../../components/ui/button.tsx';
import { TimeLeft } from '../../../components/ui/time-left.tsx';
import { paths } from '../../../config/paths.ts';
import { useLiveCard, useLiveLatestEnd } from '../../../lib/live-cards.ts';
import { needsLogin } from '../lib/login-redirect.ts';
import styles from './auction-cards.module.css';
import { AuctionImageGrid } from './auction-image-grid.tsx';

/** A card of the active auctions list and the seller grid. */
export function AuctionCard({
  auction,
  now,
  headingLevel = 'h2',
  priority = false,
}: {
  auction: AuctionSummary;
  now: number;
  /** The first card of a page: its images are the page's largest paint, fetched first. */
  priority?: boolean;
  /** h2 on the list pages, h3 inside a profile section. */
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  const navigate = useNavigate();
  const target = paths.auctionProducts.getHref(auction.id);
  const count = auction.product_count;
  // A running auction's cards follow the prices of the products they show while in view.
  const running = auction.status === 'active';
  const shownIds = running ? auction.products.slice(0, AUCTION_CARD_IMAGES).map((p) => p.id) : [];
  const live = useLiveCard(shownIds.map((productId) => ({ auctionId: auction.id, productId })));
  const endTime = useLiveLatestEnd(auction.id, shownIds, auction.end_time);
  // A link to the auction (it works before the app's code runs); once the app runs, a visitor
  // without a session is sent to the login with the auction kept as where to go after it.
  const view = (event: MouseEvent) => {
    if (!needsLogin(target)) return;
    event.preventDefault();
    navigate(paths.login.getHref());
  };
  return (
    <article
      ref={live.ref}
      className={`card ${styles.auctionCard}`}
      aria-labelledby={`auction-${auction.id}-title`}
      data-live={running ? (live.watching ? 'on' : 'off') : undefined}
    >
      <AuctionImageGrid
        products={auction.products}
        total={count}
        priority={priority}
        liveAuctionId={running ? auction.id : undefined}
      />
      <div className={styles.cardBody}>
        <div className={styles.cardTitleRow}>
          <Heading id={`auction-${auction.id}-title`} className={styles.cardTitle}>
            {auction.title}
          </Heading>
          {auction.status === 'active' ? <Badge tone="live">Live</Badge> : null}
          {auction.is_flash ? <Badge tone="accent">Flash</Badge> : null}
        </div>
        <p className={styles.cardMeta}>
          {count} {count === 1 ? 'artículo' : 'artículos'}
        </p>
        <TimeLeft className={styles.timeLeft}>{formatTimeLeft(endTime, now)}</TimeLeft>
        {/* The accessible name starts with the visible word (speech users say what they see) and
            adds which auction, since every card has the same button. */}
        <LinkButton to={target} variant="primary" block className={styles.cardAction} onClick={view}>
          View<span className="sr-only"> subasta {auction.title}</span>
        </LinkButton>
      </div>
    </article>
  );
}
