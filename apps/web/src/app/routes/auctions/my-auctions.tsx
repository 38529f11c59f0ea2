import { useSearchParams } from 'react-router';
import { MyAuctionsView } from '../../../features/auctions/components/my-auctions-view.tsx';
import { SellerGate } from '../../../features/products/components/seller-gate.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /my-auctions: the seller's auctions (sellers only); ?search= filters and reloads. */
export function Component() {
  usePageMeta({ title: 'Mis subastas' });
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() || undefined;
  return (
    <SellerGate>
      <section className="page">
        <h1 className="page-title">Mis subastas</h1>
        <MyAuctionsView search={search} />
      </section>
    </SellerGate>
  );
}
