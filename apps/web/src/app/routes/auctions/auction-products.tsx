import { useParams } from 'react-router';
import { AuctionProductsView } from '../../../features/auctions/components/auction-products-view.tsx';

/** /auctions/products/{id}: the products of an auction. */
export function Component() {
  const { id = '' } = useParams();
  return <AuctionProductsView key={id} auctionId={id} />;
}
