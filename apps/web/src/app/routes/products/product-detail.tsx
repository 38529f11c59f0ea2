import { useParams } from 'react-router';
import { ProductDetailView } from '../../../features/products/components/product-detail-view.tsx';
import { WatchButton } from '../../../features/watchlist/components/watch-button.tsx';

/** /products/{id} (login required). */
export function Component() {
  const { id } = useParams();
  const productId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : 0;
  return (
    <ProductDetailView
      key={productId}
      id={productId}
      renderWatch={(p) => <WatchButton productId={p.id} name={p.name} />}
    />
  );
}
