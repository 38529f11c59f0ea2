import {
  CARRIERS,
  type Carrier,
  ChangeShippingStatusSchema,
  carrierLabels,
  claimMessages,
  claimStatusLabels,
  formatCOP,
  formatSaleAddress,
  shippingStatusMessages as m,
  productPaymentStatusLabel,
  type SoldProduct,
  shippingAction,
  shippingStatusLabel,
  shippingStatusTone,
  trackingMessages,
} from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { SafeImage } from '../../../components/ui/image.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TrackingInfo } from '../../../components/ui/tracking-info.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMarkShipped, useSoldProducts } from '../api/sold-products.ts';
import { ClaimBadgeLink } from './claim-badge-link.tsx';
import { ListPageHeader, useRowAction } from './list-page.tsx';
import styles from './shipping.module.css';

function ShippingBadge({ status }: { status: string }) {
  return <Badge tone={shippingStatusTone(status)}>{shippingStatusLabel(status)}</Badge>;
}

function Buyer({ sale }: { sale: SoldProduct }) {
  return (
    <div className={styles.buyer}>
      <strong>{sale.buyer_name ?? sale.buyer_username}</strong>
      <Link to={`/profile/${encodeURIComponent(sale.buyer_username)}`}>@{sale.buyer_username}</Link>
      <a href={`mailto:${sale.buyer_email}`}>{sale.buyer_email}</a>
      <span>{sale.buyer_phone || 'N/A'}</span>
      <span className="muted">{formatSaleAddress(sale.shipping_address)}</span>
    </div>
  );
}

function Action({ sale, pending, onShip }: { sale: SoldProduct; pending: boolean; onShip: () => void }) {
  const action = shippingAction(sale.shipping_status);
  if (action.kind === 'text') return <span className={styles.stateText}>{action.label}</span>;
  return (
    <Button
      variant="primary"
      size="sm"
      onClick={onShip}
      busy={pending}
      aria-label={`Marcar como Enviado: ${sale.product_name}`}
    >
      {pending ? 'Actualizando...' : action.label}
    </Button>
  );
}

/** Tracking and claim of a sale, under its shipping status. */
function SaleExtras({ sale }: { sale: SoldProduct }) {
  if (!sale.tracking && !sale.claim) return null;
  return (
    <div className={styles.buyer}>
      {sale.tracking && <TrackingInfo tracking={sale.tracking} />}
      {sale.claim && (
        <span>
          <ClaimBadgeLink
            claim={sale.claim}
            productName={sale.product_name}
            label={`${claimMessages.claimOnSale}: ${claimStatusLabels[sale.claim.status]}`}
          />
        </span>
      )}
    </div>
  );
}

type ShipValues = { carrier: Carrier; tracking_number?: string };

/** 'Marcar como Enviado' asks for the carrier and the tracking number (optional only for `otra`). */
function ShipDialog({
  sale,
  onShip,
  onClose,
}: {
  sale: SoldProduct;
  onShip: (values: ShipValues) => void;
  onClose: () => void;
}) {
  const [carrier, setCarrier] = useState<Carrier | ''>('');
  const [number, setNumber] = useState('');
  const [errors, setErrors] = useState<{ carrier?: string; tracking_number?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!carrier) {
      setErrors({ carrier: trackingMessages.carrierInvalid });
      return;
    }
    const parsed = ChangeShippingStatusSchema.safeParse({
      product_id: sale.product_id,
      shipping_status: 'shipped',
      carrier,
      tracking_number: number,
    });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'carrier' || key === 'tracking_number') && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      return;
    }
    onShip({ carrier, tracking_number: parsed.data.tracking_number });
  };

  return (
    <FormModal
      title={`${m.markShipped}: ${sale.product_name}`}
      onClose={onClose}
      onSubmit={submit}
      closeOnBackdrop={!carrier && !number}
      submitLabel={m.markShipped}
    >
      <FormField label={trackingMessages.carrier} required error={errors.carrier}>
        <select
          className="select"
          value={carrier}
          onChange={(event) => setCarrier(event.target.value as Carrier | '')}
        >
          <option value="">Elige la transportadora</option>
          {CARRIERS.map((c) => (
            <option key={c} value={c}>
              {carrierLabels[c]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label={trackingMessages.trackingNumber}
        required={carrier !== 'otra'}
        error={errors.tracking_number}
        hint="Hasta 40 letras, números o guiones. Con 'Otra' puedes dejarlo vacío (por ejemplo, entrega en persona)."
      >
        <input
          className="input"
          value={number}
          maxLength={40}
          autoComplete="off"
          onChange={(event) => setNumber(event.target.value)}
        />
      </FormField>
    </FormModal>
  );
}

/** 'Mis Ventas': the seller's sales, buyer details, shipping status. */
export function SoldProductsView() {
  const query = useSoldProducts();
  const markShipped = useMarkShipped();
  const { busy: shipping, run, noticeBox } = useRowAction();

  // The row updates in place after success (the mutation writes the cached list).
  const [asking, setAsking] = useState<SoldProduct | null>(null);
  const ship = (sale: SoldProduct, values: ShipValues) =>
    run(
      sale.product_id,
      async () => {
        await markShipped.mutateAsync({ productId: sale.product_id, ...values });
        return m.markedShipped;
      },
      m.markShippedFailed,
    );

  const sales = query.data?.products ?? [];

  return (
    <div className="stack">
      <ListPageHeader title="Mis Ventas" query={query} />
      {noticeBox}
      {query.isPending ? (
        <Spinner label={m.soldLoading} />
      ) : query.isError ? (
        <Alert kind="error">{errorMessage(query.error, m.soldLoadError)}</Alert>
      ) : sales.length === 0 ? (
        <EmptyState message={m.soldEmpty} action="Vender un Producto" to="/products" />
      ) : (
        <>
          <div className={`table-wrap ${styles.desktopOnly}`}>
            <table className="table">
              <caption className="sr-only">Productos vendidos</caption>
              <thead>
                <tr>
                  <th scope="col">Producto</th>
                  <th scope="col">Precio</th>
                  <th scope="col">Comprador</th>
                  <th scope="col">Estado del pago</th>
                  <th scope="col">Estado del envío</th>
                  <th scope="col">Acción</th>
                </tr>
              </thead>
              <tbody>
                {sales.map((sale) => (
                  <tr key={sale.payment_id}>
                    <td>
                      <div className={styles.productCell}>
                        <SafeImage
                          className={styles.thumb}
                          src={sale.product_image ?? undefined}
                          alt={sale.product_name}
                        />
                        <strong>{sale.product_name}</strong>
                      </div>
                    </td>
                    <td className={styles.price}>{formatCOP(sale.sold_price)}</td>
                    <td>
                      <Buyer sale={sale} />
                    </td>
                    <td>{productPaymentStatusLabel(sale.product_status)}</td>
                    <td>
                      <ShippingBadge status={sale.shipping_status} />
                      <SaleExtras sale={sale} />
                    </td>
                    <td>
                      <Action
                        sale={sale}
                        pending={shipping === sale.product_id}
                        onShip={() => setAsking(sale)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className={`${styles.mobileOnly} ${styles.plainList} stack`} aria-label="Productos vendidos">
            {sales.map((sale) => (
              <li key={sale.payment_id} className={`card ${styles.saleCard}`}>
                <div className={styles.productCell}>
                  <SafeImage
                    className={styles.thumb}
                    src={sale.product_image ?? undefined}
                    alt={sale.product_name}
                  />
                  <div>
                    <h2 className={styles.city}>{sale.product_name}</h2>
                    <p className={styles.price}>{formatCOP(sale.sold_price)}</p>
                  </div>
                </div>
                <dl className={styles.saleFacts}>
                  <dt>Comprador</dt>
                  <dd>
                    <Buyer sale={sale} />
                  </dd>
                  <dt>Pago</dt>
                  <dd>{productPaymentStatusLabel(sale.product_status)}</dd>
                  <dt>Envío</dt>
                  <dd>
                    <ShippingBadge status={sale.shipping_status} />
                    <SaleExtras sale={sale} />
                  </dd>
                </dl>
                <Action sale={sale} pending={shipping === sale.product_id} onShip={() => setAsking(sale)} />
              </li>
            ))}
          </ul>
        </>
      )}
      {asking && (
        <ShipDialog
          sale={asking}
          onClose={() => setAsking(null)}
          onShip={(values) => {
            const sale = asking;
            setAsking(null);
            void ship(sale, values);
          }}
        />
      )}
    </div>
  );
}
