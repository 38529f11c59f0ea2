import { paymentResultView } from '@app/contracts';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { PaymentResultView } from '../../../features/payments/components/payment-result-view.tsx';
import { authStorage } from '../../../lib/auth-storage.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useIsLoggedIn } from '../../../lib/use-auth.ts';

/**
 * /payment: where the checkout sends the buyer back, with `bold-tx-status` and the payment id
 * (`bold-order-id` in the query, or `paymentId` in the navigation state).
 */
export function Component() {
  usePageMeta({ title: 'Resultado del pago' });
  const [params] = useSearchParams();
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const state = location.state as { paymentId?: string; auctionId?: string | number } | null;
  const txStatus = params.get('bold-tx-status');
  const paymentId = params.get('bold-order-id') ?? state?.paymentId ?? null;

  // Verifying needs the buyer's session: come back here after logging in.
  if (!loggedIn && paymentResultView({ txStatus, paymentId }).kind === 'verify') {
    authStorage.setRedirect(location.pathname + location.search);
    return <Navigate to={paths.login.getHref()} replace />;
  }
  return (
    <section className="page">
      <PaymentResultView txStatus={txStatus} paymentId={paymentId} />
    </section>
  );
}
