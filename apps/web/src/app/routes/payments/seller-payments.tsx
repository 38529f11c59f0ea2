import { SellerPaymentsView } from '../../../features/payments/components/seller-payments-view.tsx';
import { SellerGate } from '../../../features/products/components/seller-gate.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /seller/payments: bank account and payouts (login required by the router; sellers only). */
export function Component() {
  usePageMeta({ title: 'Mis Pagos', description: 'Tu cuenta bancaria y los pagos de tus ventas.' });
  return (
    <SellerGate>
      <section className="page">
        <h1 className="page-title">Mis Pagos</h1>
        <SellerPaymentsView />
      </section>
    </SellerGate>
  );
}
