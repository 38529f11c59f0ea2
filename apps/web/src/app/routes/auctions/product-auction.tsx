import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ProductAuctionView } from '../../../features/auctions/components/product-auction-view.tsx';
import { WatchButton } from '../../../features/watchlist/components/watch-button.tsx';

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
