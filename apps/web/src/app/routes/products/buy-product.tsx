import { productMessages } from '@app/contracts';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { BuyProductView } from '../../../features/products/components/buy-product-view.tsx';
import { WatchButton } from '../../../features/watchlist/components/watch-button.tsx';
import { pathId } from '../../../lib/path-id.ts';

/** /products/buy/{id} (login required); a new id (a similar product) loads a new page. */
export function Component() {
  const { id } = useParams();
  const productId = pathId(id);
  // An address that cannot name a product loads nothing: its load error at once.
  if (productId === null) {
    return (
      <Alert kind="error" as="div">
        {productMessages.buyLoadError}
      </Alert>
    );
  }
  return (
    <BuyProductView
      key={productId}
      id={productId}
      renderWatch={(p) => <WatchButton productId={p.id} name={p.name} />}
    />
  );
}
