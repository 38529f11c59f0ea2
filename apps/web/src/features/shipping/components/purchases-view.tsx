import {
  claimMessages,
  claimStatusLabels,
  formatCOP,
  formatLongDate,
  shippingStatusMessages as m,
  type PurchasedProduct,
  ratingMessages,
  shippingStatusLabel,
  shippingStatusTone,
} from '@app/contracts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SafeImage } from '../../../components/ui/image.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Stars } from '../../../components/ui/stars.tsx';
import { TrackingInfo } from '../../../components/ui/tracking-info.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useConfirmDelivery, usePurchases, useRatePurchaseInCache } from '../api/purchases.ts';
import { ClaimBadgeLink } from './claim-badge-link.tsx';
import { ListPageHeader, useRowAction } from './list-page.tsx';
import styles from './shipping.module.css';

type PurchaseRating = NonNullable<PurchasedProduct['rating']>;

/** The buyer's 'Abrir reclamo' for a purchase (the claims feature's, composed by the route). */
export type RenderClaimAction = (purchase: PurchasedProduct) => ReactNode;

/** The form a buyer rates a delivered purchase with (the ratings feature's, composed by the route). */
export type RenderRatingForm = (
  purchase: PurchasedProduct,
  onRated: (rating: PurchaseRating) => void,
) => ReactNode;

function PurchaseCard({
  purchase,
  confirming,
  onConfirm,
  onRated,
  renderRatingForm,
  renderClaimAction,
}: {
  purchase: PurchasedProduct;
  confirming: boolean;
  onConfirm: () => void;
  onRated: (rating: PurchaseRating) => void;
  renderRatingForm: RenderRatingForm;
  renderClaimAction: RenderClaimAction;
}) {
  const status = purchase.shipping_status;
  return (
    <li className={`card ${styles.purchaseCard}`} data-product-id={purchase.product_id}>
      <div className={styles.productCell}>
        <SafeImage
          className={styles.thumb}
          src={purchase.product_image ?? undefined}
          alt={purchase.product_name}
        />
        <div className={styles.purchaseTitle}>
          <h2 className={styles.city}>{purchase.product_name}</h2>
          <p className={styles.price}>{formatCOP(purchase.price)}</p>
        </div>
      </div>
      <dl className={styles.saleFacts}>
        <dt>Vendedor</dt>
        <dd>
          <Link to={`/profile/${encodeURIComponent(purchase.seller_username)}`}>
            @{purchase.seller_username}
          </Link>
        </dd>
        <dt>Tipo</dt>
        <dd>{purchase.kind === 'auction' ? 'Subasta ganada' : 'Compra directa'}</dd>
        <dt>Pagado</dt>
        <dd>{purchase.paid_at ? formatLongDate(purchase.paid_at) : 'N/A'}</dd>
        <dt>Envío</dt>
        <dd>
          <Badge tone={shippingStatusTone(status)}>{shippingStatusLabel(status)}</Badge>
        </dd>
        {purchase.tracking && (
          <>
            <dt>Guía</dt>
            <dd>
              <TrackingInfo tracking={purchase.tracking} />
            </dd>
          </>
        )}
        {purchase.claim && (
          <>
            <dt>{claimMessages.claimOnSale}</dt>
            <dd>
              <ClaimBadgeLink
                claim={purchase.claim}
                productName={purchase.product_name}
                label={
                  purchase.claim.status === 'refunded'
                    ? claimMessages.refundedPurchase
                    : claimStatusLabels[purchase.claim.status]
                }
              />
            </dd>
          </>
        )}
      </dl>
      {/* A refunded purchase has nothing left to confirm. */}
      {status === 'shipped' && purchase.claim?.status !== 'refunded' && (
        <Button
          variant="primary"
          onClick={onConfirm}
          busy={confirming}
          aria-label={`${m.confirmDelivery}: ${purchase.product_name}`}
        >
          {confirming ? 'Confirmando...' : m.confirmDelivery}
        </Button>
      )}
      {status === 'pending' && <p className="muted">El vendedor está preparando el envío.</p>}
      {renderClaimAction(purchase)}
      {status === 'delivered' &&
        (purchase.rating ? (
          <div className={styles.yourRating}>
            <span>Tu calificación:</span>
            <Stars score={purchase.rating.score} />
            {purchase.rating.comment && <q className={styles.ratingComment}>{purchase.rating.comment}</q>}
          </div>
        ) : (
          renderRatingForm(purchase, onRated)
        ))}
    </li>
  );
}

/** 'Mis Compras': the buyer's purchases, receipt confirmation and the seller's rating. */
export function PurchasesView({
  renderRatingForm,
  renderClaimAction = () => null,
}: {
  renderRatingForm: RenderRatingForm;
  renderClaimAction?: RenderClaimAction;
}) {
  const query = usePurchases();
  const confirm = useConfirmDelivery();
  const rateInCache = useRatePurchaseInCache();
  const { busy: confirming, setNotice, run, noticeBox } = useRowAction();
  // Confirming receipt releases the seller's payout and cannot be undone: asked first.
  const [asking, setAsking] = useState<PurchasedProduct | null>(null);

  // The card's statuses change in place (the mutation writes the cached list).
  const onConfirm = (purchase: PurchasedProduct) =>
    run(
      purchase.product_id,
      async () => (await confirm.mutateAsync(purchase.product_id)).message,
      m.deliveryConfirmFailed,
    );

  const purchases = query.data?.products ?? [];

  return (
    <div className="stack">
      <ListPageHeader title="Mis Compras" query={query} />
      {noticeBox}
      {query.isPending ? (
        <Spinner label={m.purchasesLoading} />
      ) : query.isError ? (
        <LoadFailure
          message={errorMessage(query.error, m.purchasesLoadError)}
          onRetry={() => void query.refetch()}
        />
      ) : purchases.length === 0 ? (
        <EmptyState message={m.purchasesEmpty} action="Explorar subastas" to="/auctions" />
      ) : (
        <ul className={`${styles.plainList} ${styles.purchaseGrid}`} aria-label="Mis compras">
          {purchases.map((purchase) => (
            <PurchaseCard
              key={purchase.payment_id}
              purchase={purchase}
              confirming={confirming === purchase.product_id}
              onConfirm={() => setAsking(purchase)}
              renderRatingForm={renderRatingForm}
              renderClaimAction={renderClaimAction}
              onRated={(rating) => {
                rateInCache(purchase.product_id, rating);
                setNotice({ kind: 'success', text: ratingMessages.created });
              }}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={m.confirmDelivery}
        message={asking ? m.confirmDeliveryQuestion(asking.product_name) : null}
        confirmLabel={m.confirmDeliveryYes}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) void onConfirm(asking);
          setAsking(null);
        }}
      />
    </div>
  );
}
