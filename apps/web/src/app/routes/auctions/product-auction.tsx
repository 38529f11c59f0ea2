import { auctionMessages } from '@app/contracts';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ProductAuctionView } from '../../../features/auctions/components/product-auction-view.tsx';
import { WatchButton } from '../../../features/watchlist/components/watch-button.tsx';
import { pathId } from '../../../lib/path-id.ts';

/** /auctions/product/{id} (ProductAuction): live bidding on one product. */
export function Component() {
  const { id } = useParams();
  if (!id) {
    return (
      <Alert kind="error" as="div">
        ID de subasta no proporcionado
      </Alert>
    );
  }
  // An address that cannot name a product: the page's own load error, not the server's.
  if (pathId(id) === null) {
    return (
      <Alert kind="error" as="div">
        {auctionMessages.productPageError}
      </Alert>
    );
  }
  return (
    <section className="page">
      <ProductAuctionView
        key={id}
        productId={id}
        renderWatch={(p) => <WatchButton productId={p.id} name={p.name} />}
      />
    </section>
  );
}
