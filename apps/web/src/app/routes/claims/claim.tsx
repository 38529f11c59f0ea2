import { useParams } from 'react-router';
import { ClaimView } from '../../../features/claims/components/claim-view.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /claims/{id}: a claim seen by its buyer, its seller or an operator (login required by the router). */
export function Component() {
  usePageMeta({ title: 'Reclamo', description: 'El reclamo de una compra: detalles, envío y conversación.' });
  const { id } = useParams();
  const claimId = Number(id);
  return (
    <section className="page">
      {Number.isInteger(claimId) && claimId > 0 ? (
        <ClaimView claimId={claimId} />
      ) : (
        <p className="empty-state">No se encontró el reclamo.</p>
      )}
    </section>
  );
}
