import { OpenClaimButton } from '../../../features/claims/components/open-claim-button.tsx';
import { RatingForm } from '../../../features/ratings/components/rating-form.tsx';
import { PurchasesView } from '../../../features/shipping/components/purchases-view.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /purchases: the buyer's purchases (login required by the router). */
export function Component() {
  usePageMeta({ title: 'Mis Compras', description: 'Tus compras, su envío y tus calificaciones.' });
  return (
    <section className="page">
      <PurchasesView
        renderRatingForm={(purchase, onRated) => (
          <RatingForm productId={purchase.product_id} productName={purchase.product_name} onRated={onRated} />
        )}
        renderClaimAction={(purchase) => <OpenClaimButton purchase={purchase} />}
      />
    </section>
  );
}
