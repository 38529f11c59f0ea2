import { formatDateTime, formatMoney, paymentMessages as m } from '@app/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { SafeImage } from '../../../components/ui/image.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSellerPayment } from '../api/seller-payments.ts';
import styles from './payments.module.css';
import { StatusBadge } from './payout-status-badge.tsx';

/** One payout's amounts, state and dates, in a dialog; a paid one adds when and the reference. */
export function PayoutDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useSellerPayment(id);
  return (
    <Modal open onClose={onClose} title="Detalle del pago">
      {detail.isPending ? (
        <Spinner label="Cargando detalles del pago..." />
      ) : detail.isError ? (
        <Alert kind="error">{m.paymentDetailLoadError}</Alert>
      ) : (
        <div className="stack">
          <div className={styles.detailProduct}>
            <SafeImage src={detail.data.product.image ?? undefined} alt={detail.data.product.name} />
            <p className={styles.hint}>{detail.data.product.name}</p>
          </div>
          <dl className={styles.detailGrid}>
            <dt>ID del pago</dt>
            <dd className={styles.mono}>{detail.data.payment.id}</dd>
            <dt>Estado</dt>
            <dd>
              <StatusBadge status={detail.data.payment.status} hold={detail.data.payment.hold} />
            </dd>
            <dt>Monto del producto</dt>
            <dd>{formatMoney(detail.data.payment.product_amount, detail.data.payment.currency)}</dd>
            <dt>Comisión</dt>
            <dd>{formatMoney(detail.data.payment.commission_amount, detail.data.payment.currency)}</dd>
            <dt>Tarifa del procesador</dt>
            <dd>{formatMoney(detail.data.payment.payment_processor_fee, detail.data.payment.currency)}</dd>
            <dt>Total a pagar</dt>
            <dd>{formatMoney(detail.data.payment.payable_amount, detail.data.payment.currency)}</dd>
            {detail.data.payment.status === 'paid' && (
              <>
                <dt>Pagado el</dt>
                <dd>{formatDateTime(detail.data.payment.paid_at)}</dd>
                <dt>Referencia de la transferencia</dt>
                <dd className={styles.mono}>{detail.data.payment.reference ?? 'N/A'}</dd>
              </>
            )}
            <dt>Creado</dt>
            <dd>{formatDateTime(detail.data.payment.created_at)}</dd>
            <dt>Actualizado</dt>
            <dd>{formatDateTime(detail.data.payment.updated_at)}</dd>
          </dl>
        </div>
      )}
    </Modal>
  );
}
