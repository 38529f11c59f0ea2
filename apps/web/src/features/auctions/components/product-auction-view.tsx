import { auctionMessages } from '@app/contracts';
import { type ReactNode, useDeferredValue } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorBoundary } from '../../../components/errors/error-boundary.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { PLACEHOLDER_AVATAR, SafeImage } from '../../../components/ui/image.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { bootLeadFor } from '../../../lib/boot-lead.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useAuctionProduct } from '../api/get-auction-product.ts';
import styles from './auctions.module.css';
import { LiveBidPanel } from './live-bid-panel.tsx';

/** The product auction page (ProductAuction): the product, its seller and the live bid panel. */
export function ProductAuctionView({
  productId,
  renderWatch,
}: {
  productId: string;
  /** The route's heart toggle (Favoritos). */
  renderWatch?: (product: { id: number; name: string }) => ReactNode;
}) {
  const query = useAuctionProduct(productId);
  // The page renders its data in the background, in slices (a query's update would render it in
  // one go): the spinner stays until it is ready, and the browser keeps painting and answering.
  // The initial `null` does the same when the data is there before the page mounts (the early
  // request often brings it first): a deferred value without one mounts with the data at once.
  const page = useDeferredValue(query.data ?? null, null);
  const product = page?.products[0];
  usePageMeta(
    product
      ? { title: `${product.name} | Subasta en vivo`, description: product.description.slice(0, 150) }
      : null,
  );

  const { pathname } = useLocation();
  const readError = query.isError ? (
    <Alert kind="error" as="div">
      {errorMessage(query.error, auctionMessages.productPageError)}
    </Alert>
  ) : null;
  // A failed later read keeps the page, with what it could not refresh said above it.
  if (readError && !page) return readError;
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
      <Alert kind="error" as="div">
        {auctionMessages.noAuctionInfo}
      </Alert>
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
      panel={
        <ErrorBoundary message="No se pudo mostrar el panel de pujas en vivo.">
          <LiveBidPanel page={page} productKey={productId} />
        </ErrorBoundary>
      }
      info={
        <>
          <p className={styles.description}>{product.description}</p>
          <section className="card" aria-labelledby="seller-title">
            <h2 className="aside-title" id="seller-title">
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
          </section>
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
        <SafeImage
          src={props.image}
          alt={props.title}
          className={`${styles.mainImage} ${styles.areaMedia}`}
          loading="eager"
        />
        <div className={styles.areaPanel}>{props.panel}</div>
        {props.info ? <div className={`stack ${styles.areaInfo}`}>{props.info}</div> : null}
      </div>
    </article>
  );
}
