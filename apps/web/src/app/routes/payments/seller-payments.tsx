import { SellerPaymentsView } from '../../../features/payments/components/seller-payments-view.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /seller/payments: bank account and payouts (login required by the router). */
export function Component() {
  usePageMeta({ title: 'Mis Pagos', description: 'Tu cuenta bancaria y los pagos de tus ventas.' });
  return (
    <section className="page">
      <h1 className="page-title">Mis Pagos</h1>
      <SellerPaymentsView />
    </section>
  );
}
