import { auctionMessages } from '@app/contracts';
import { type ReactNode, useDeferredValue, useId } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorBoundary } from '../../../components/errors/error-boundary.tsx';
import { PageLoadError } from '../../../components/errors/page-load-error.tsx';
import type { GalleryPhoto } from '../../../components/gallery/photo-alt.ts';
import { ProductGallery } from '../../../components/gallery/product-gallery.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { AttributeBadges } from '../../../components/ui/attribute-badges.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { PLACEHOLDER_AVATAR, SafeImage } from '../../../components/ui/image.tsx';
import { ReputationThermometer } from '../../../components/ui/reputation-thermometer.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { bootLeadFor } from '../../../lib/boot-lead.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useAuctionProduct } from '../api/get-auction-product.ts';
import { useRaceEnded } from '../lib/race-ended.ts';
import styles from './auctions.module.css';
import { LiveBidPanel } from './live-bid-panel.tsx';

/** The page's name while it has no product to name it (its load failed, or its address is wrong). */
export const PRODUCT_AUCTION_TITLE = 'Subasta del producto';

/** The product auction page (ProductAuction): the product, its seller and the live bid panel. */
export function ProductAuctionView({
  productId,
  renderWatch,
  renderNotInAuction,
  renderReport,
  renderSoldPrices,
}: {
  productId: string;
  /** The route's heart toggle (Favoritos). */
  renderWatch?: (product: { id: number; name: string }) => ReactNode;
  /**
   * Under the error of a product that is in no auction: where else it may be had (the route
   * composes the products feature's buy-now link), so the page is not a dead end.
   */
  renderNotInAuction?: (productId: number) => ReactNode;
  /** 'Denunciar' for the listing, from the reports feature. */
  renderReport?: (product: { id: number; name: string; ownerId: number }) => ReactNode;
  /** 'Vendidos recientemente': what similar products sold for, from the sold-prices feature. */
  renderSoldPrices?: (productId: number) => ReactNode;
}) {
  const sellerTitleId = useId();
  const query = useAuctionProduct(productId);
  // The page renders its data in the background, in slices (a query's update would render it in
  // one go): the spinner stays until it is ready, and the browser keeps painting and answering.
  // The initial `null` does the same when the data is there before the page mounts (the early
  // request often brings it first): a deferred value without one mounts with the data at once.
  const page = useDeferredValue(query.data ?? null, null);
  const product = page?.products[0];
  const ended = useRaceEnded(page?.auction?.status, page?.end_time);
  usePageMeta(
    product
      ? {
          title: `${product.name} | ${ended ? 'Subasta finalizada' : 'Subasta en vivo'}`,
          description: product.description.slice(0, 150),
        }
      : null,
  );

  const { pathname } = useLocation();
  const readErrorMessage = query.isError ? errorMessage(query.error, auctionMessages.productPageError) : null;
  if (readErrorMessage !== null && !page) {
    // The server's 404: the product is in no auction (or does not exist: the fallback then
    // finds nothing either).
    const notInAuction = query.error instanceof ApiError && query.error.status === 404;
    return (
      <PageLoadError title={PRODUCT_AUCTION_TITLE} message={readErrorMessage}>
        {notInAuction ? renderNotInAuction?.(Number(productId)) : null}
      </PageLoadError>
    );
  }
  // A failed later read keeps the page, with what it could not refresh said above it.
  const readError =
    readErrorMessage === null ? null : (
      <Alert kind="error" as="div">
        {readErrorMessage}
      </Alert>
    );
  if (!page) {
    const loading = <Spinner label="Cargando detalles del producto..." />;
    // The name and image index.html already painted stay in place while the rest loads.
    const lead = bootLeadFor(pathname);
    return lead ? (
      <ProductAuctionLayout
        context={'\u00a0'}
        title={lead.title}
        watch={renderWatch?.({ id: Number(productId), name: lead.title })}
        image={lead.src}
        panel={loading}
      />
    ) : (
      loading
    );
  }
  if (!page.auction || !product) {
    return (
      <PageLoadError title={PRODUCT_AUCTION_TITLE} message={auctionMessages.noAuctionInfo}>
        {renderNotInAuction?.(Number(productId))}
      </PageLoadError>
    );
  }

  return (
    <ProductAuctionLayout
      notice={readError}
      context={
        <>
          <Link to={paths.auctionProducts.getHref(page.auction.id)}>{page.auction.title}</Link>
          {page.auction.status === 'active' ? (
            <Badge className="space-left" tone="live">
              Live
            </Badge>
          ) : null}
        </>
      }
      title={product.name}
      watch={renderWatch?.(product)}
      image={product.image}
      photos={product.images}
      panel={
        <ErrorBoundary message="No se pudo mostrar el panel de pujas en vivo.">
          <LiveBidPanel page={page} productKey={productId} />
        </ErrorBoundary>
      }
      info={
        <>
          <AttributeBadges condition={product.condition} grading={product.grading} />
          <p className={styles.description}>{product.description}</p>
          <section className="card" aria-labelledby={sellerTitleId}>
            <h2 className="aside-title" id={sellerTitleId}>
              Vendedor
            </h2>
            <Link to={paths.publicProfile.getHref(page.owner.username)} className={styles.seller}>
              <SafeImage
                src={page.owner.avatar}
                fallback={PLACEHOLDER_AVATAR}
                alt=""
                className={styles.avatar}
              />
              <strong>{page.owner.username}</strong>
            </Link>
            <ReputationThermometer reputation={page.owner.reputation} className={styles.sellerReputation} />
            {renderReport?.({ id: product.id, name: product.name, ownerId: page.owner.id })}
          </section>
          {renderSoldPrices?.(product.id)}
        </>
      }
    />
  );
}

/** The page's places: the auction it is in, the title and its button, the image, the panel, the rest. */
function ProductAuctionLayout(props: {
  notice?: ReactNode;
  context: ReactNode;
  title: string;
  watch: ReactNode;
  image: string | null;
  photos?: GalleryPhoto[];
  panel: ReactNode;
  info?: ReactNode;
}) {
  return (
    <article className="stack">
      {props.notice}
      <p className="muted flush">{props.context}</p>
      <div className={styles.auctionLayout}>
        <div className={`row ${styles.areaTitle} row-between`}>
          <h1 className="page-title">{props.title}</h1>
          {props.watch}
        </div>
        <ProductGallery
          name={props.title}
          cover={props.image}
          photos={props.photos}
          className={styles.areaMedia}
          imageClassName={styles.mainImage}
        />
        <div className={styles.areaPanel}>{props.panel}</div>
        {props.info ? <div className={`stack ${styles.areaInfo}`}>{props.info}</div> : null}
      </div>
    </article>
  );
}
