import { paymentMessages as m, paymentResultView, shortPaymentId } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useVerifyPayment } from '../api/verify-payment.ts';
import styles from './payments.module.css';

/**
 * The page the checkout returns to. An approved return is only a
 * success once the server, which heard from the processor, says the payment is confirmed.
 */
export function PaymentResultView({
  txStatus,
  paymentId,
}: {
  txStatus: string | null;
  paymentId: string | null;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const needsVerify = paymentResultView({ txStatus, paymentId }).kind === 'verify';
  const verify = useVerifyPayment(paymentId, needsVerify);
  const toasted = useRef(false);

  useEffect(() => {
    if (verify.isError && !toasted.current) {
      toasted.current = true;
      toast.error(`${m.verifyError('Bold')}: ${errorMessage(verify.error, m.transactionFailed)}`);
    }
  }, [verify.isError, verify.error, toast]);

  const serverStatus = !needsVerify ? undefined : verify.isError ? null : verify.data?.status;
  const view = paymentResultView({ txStatus, paymentId, serverStatus });

  const back = <Button onClick={() => navigate(-1)}>Volver</Button>;

  if (view.kind === 'verify') {
    return (
      <div className={`card ${styles.result}`}>
        <Spinner label={m.verifying} />
      </div>
    );
  }

  if (view.kind === 'success') {
    const payment = verify.data!;
    const isAuction = payment.kind === 'auction' && payment.auction_id !== null;
    return (
      <div className={`card ${styles.result}`} role="status">
        <span className={`${styles.resultIcon} ${styles.resultOk}`} aria-hidden="true">
          ✓
        </span>
        <h1 className="page-title">{m.paymentCompleted}</h1>
        <p className={styles.hint}>
          {isAuction ? `Subasta #${payment.auction_id}` : `Compra #${shortPaymentId(payment.payment_id)}`}
        </p>
        <p className="muted">
          Tu pago por «{payment.product_name}» fue confirmado. El vendedor preparará el envío a tu dirección
          predeterminada.
        </p>
        <div className={styles.resultActions}>
          {back}
          <LinkButton variant="primary" to="/">
            {isAuction ? 'Volver a la subasta' : 'Volver al inicio'}
          </LinkButton>
          {isAuction && <LinkButton to="/auctions/won/">Mis Subastas Ganadas</LinkButton>}
        </div>
      </div>
    );
  }

  const title = view.kind === 'missing-params' ? m.missingParams : m.paymentFailed;
  const reason = view.kind === 'failure' ? verify.data?.message : null;
  return (
    <div className={`card ${styles.result}`}>
      <span className={`${styles.resultIcon} ${styles.resultError}`} aria-hidden="true">
        !
      </span>
      <div role="alert" className="stack">
        <h1 className="page-title">{title}</h1>
        {view.kind === 'failure' && <p className={styles.hint}>{view.detail}</p>}
        {reason && <p className="muted">{reason}</p>}
      </div>
      <div className={styles.resultActions}>
        {back}
        <LinkButton variant="primary" to="/">
          Volver al inicio
        </LinkButton>
      </div>
    </div>
  );
}
