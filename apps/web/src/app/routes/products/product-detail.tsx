import { productMessages } from '@app/contracts';
import { useParams } from 'react-router';
import { PageLoadError } from '../../../components/errors/page-load-error.tsx';
import {
  PRODUCT_PAGE_TITLE,
  ProductDetailView,
} from '../../../features/products/components/product-detail-view.tsx';
import { WatchButton } from '../../../features/watchlist/components/watch-button.tsx';
import { pathId } from '../../../lib/path-id.ts';

/** /products/{id} (login required). */
export function Component() {
  const { id } = useParams();
  const productId = pathId(id);
  // An address that cannot name a product loads nothing: its load error at once.
  if (productId === null) {
    return <PageLoadError title={PRODUCT_PAGE_TITLE} message={productMessages.loadError} />;
  }
  return (
    <ProductDetailView
      key={productId}
      id={productId}
      renderWatch={(p) => <WatchButton productId={p.id} name={p.name} />}
    />
  );
}
