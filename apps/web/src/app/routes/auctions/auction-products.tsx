import { useParams } from 'react-router';
import { AuctionProductsView } from '../../../features/auctions/components/auction-products-view.tsx';
import { WatchButton } from '../../../features/watchlist/components/watch-button.tsx';

/** /auctions/products/{id}: the products of an auction. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <AuctionProductsView
      key={id}
      auctionId={id}
      renderWatch={(p) => <WatchButton productId={p.id} name={p.name} />}
    />
  );
}
