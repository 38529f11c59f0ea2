import { offerMessages } from '@app/contracts';
import { OffersView } from '../../../features/offers/components/offers-view.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /ofertas ('Ofertas'): offers made on buy-now products and offers received on one's own. */
export function Component() {
  usePageMeta({
    title: offerMessages.pageTitle,
    description: 'Las ofertas que hiciste y las que recibiste por productos de compra directa.',
  });
  return (
    <section className="page">
      <h1 className="page-title">{offerMessages.pageTitle}</h1>
      <OffersView />
    </section>
  );
}
