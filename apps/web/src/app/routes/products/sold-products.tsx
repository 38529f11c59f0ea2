import { SellerGate } from '../../../features/products/components/seller-gate.tsx';
import { SoldProductsView } from '../../../features/shipping/components/sold-products-view.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /products/sold/: the seller's sales (login required by the router; sellers only). */
export function Component() {
  usePageMeta({ title: 'Mis Ventas', description: 'Tus productos vendidos y su envío.' });
  return (
    <SellerGate>
      <section className="page">
        <SoldProductsView />
      </section>
    </SellerGate>
  );
}
