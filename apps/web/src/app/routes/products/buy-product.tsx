import { useParams } from 'react-router';
import { BuyProductView } from '../../../features/products/components/buy-product-view.tsx';

/** /products/buy/{id} (login required); a new id (a similar product) loads a new page. */
export function Component() {
  const { id } = useParams();
  const productId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : 0;
  return <BuyProductView key={productId} id={productId} />;
}
