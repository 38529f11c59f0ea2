import { auctionMessages } from '@app/contracts';
import { useParams } from 'react-router';
import { PageLoadError } from '../../../components/errors/page-load-error.tsx';
import {
  AUCTION_PRODUCTS_TITLE,
  AuctionProductsView,
} from '../../../features/auctions/components/auction-products-view.tsx';
import { WatchButton } from '../../../features/watchlist/components/watch-button.tsx';
import { pathId } from '../../../lib/path-id.ts';

/** /auctions/products/{id}: the products of an auction. */
export function Component() {
  const { id = '' } = useParams();
  // An address that cannot name an auction: the page's own load error, not the server's.
  if (pathId(id) === null) {
    return <PageLoadError title={AUCTION_PRODUCTS_TITLE} message={auctionMessages.auctionProductsError} />;
  }
  return (
    <AuctionProductsView
      key={id}
      auctionId={id}
      renderWatch={(p) => <WatchButton productId={p.id} name={p.name} />}
    />
  );
}
