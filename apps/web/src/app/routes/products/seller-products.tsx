import { SellerGate } from '../../../features/products/components/seller-gate.tsx';
import { SellerProductsView } from '../../../features/products/components/seller-products-view.tsx';

/** /products: public; sellers get their products, everyone else the become-a-seller message. */
export function Component() {
  return (
    <SellerGate>
      <SellerProductsView />
    </SellerGate>
  );
}
