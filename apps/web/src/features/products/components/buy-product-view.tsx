import { productMessages, vacationMessages } from '@app/contracts';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { PageLoadError } from '../../../components/errors/page-load-error.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { attributeSpecRows } from '../../../components/ui/attribute-badges.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { PLACEHOLDER_AVATAR, SafeImage } from '../../../components/ui/image.tsx';
import { ReputationThermometer } from '../../../components/ui/reputation-thermometer.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useCurrentUserId } from '../../../lib/use-auth.ts';
import { useProductBuy } from '../api/get-product-buy.ts';
import { useSimilarProducts } from '../api/get-similar-products.ts';
import { brandLabel, priceLabel } from '../lib/product-labels.ts';
import { BuyNowAction } from './buy-now-action.tsx';
import { BuyNowGrid } from './buy-now-card.tsx';
import styles from './product-detail.module.css';
import { ProductHero } from './product-hero.tsx';
import { SpecList } from './spec-list.tsx';

/** The page's name while it has no product to name it (its load failed). */
export const BUY_PAGE_TITLE = 'Compra directa';

/**
 * The price, large. Not bold text in a paragraph of its own, which screen-reader heuristics
 * (axe's p-as-heading) take for an unmarked heading; without a price it is a plain note.
 */
function PriceTag({ value }: { value: number | null }) {
  if (value === null) return <p className="muted flush">Precio: {priceLabel(value)}</p>;
  return (
    <div className={styles.bigPrice}>
      <span className="sr-only">Precio: </span>
      {priceLabel(value)}
    </div>
  );
}

/** What the owner sees instead of 'Comprar Ahora' (the server refuses their own purchase). */
function OwnProductNote({ productId }: { productId: number }) {
  return (
    <Alert kind="info" role="note" as="div">
      Este es tu producto: no puedes comprarlo.{' '}
      <Link to={paths.product.getHref(productId)}>Ver tu producto</Link>
    </Alert>
  );
}

function SimilarProducts({ id }: { id: number }) {
  const titleId = useId();
  const similar = useSimilarProducts(id);
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Productos similares
      </h2>
      {similar.isPending ? (
        <Spinner label="Cargando productos similares..." />
      ) : similar.isError ? (
        <Alert kind="error">{errorMessage(similar.error, productMessages.similarLoadError)}</Alert>
      ) : similar.data.length === 0 ? (
        <p className="empty-state">No hay productos similares disponibles en este momento.</p>
      ) : (
        <BuyNowGrid products={similar.data} label="Productos similares" />
      )}
    </section>
  );
}

/**
 * /products/buy/{id}: the buy-now page. Keyed by id, so it reloads when the
 * id changes (a similar product was opened).
 */
export function BuyProductView({
  id,
  renderWatch,
  renderReport,
  renderSoldPrices,
  renderOffer,
}: {
  id: number;
  /** 'Hacer una oferta', from the offers feature, on a product whose seller takes offers. */
  renderOffer?: (product: { id: number; sellPrice: number }) => ReactNode;
  /** The watchlist heart, from the watchlist feature (features do not import each other). */
  renderWatch?: (product: { id: number; name: string }) => ReactNode;
  /** 'Denunciar' for the listing, from the reports feature. */
  renderReport?: (product: { id: number; name: string; ownerId: number }) => ReactNode;
  /** 'Vendidos recientemente': what similar products sold for, from the sold-prices feature. */
  renderSoldPrices?: (productId: number) => ReactNode;
}) {
  const titleId = useId();
  const specsTitleId = useId();
  const sellerTitleId = useId();
  const query = useProductBuy(id);
  const userId = useCurrentUserId();
  const data = query.data;
  usePageMeta(
    data
      ? {
          title: `${data.product.name} | Compra directa`,
          description: data.product.description.slice(0, 150),
          image: data.product.image ?? undefined,
        }
      : null,
  );

  if (query.isPending) return <Spinner label="Cargando..." />;
  if (query.isError || !data) {
    return (
      <PageLoadError
        title={BUY_PAGE_TITLE}
        message={errorMessage(query.error, productMessages.buyLoadError)}
      />
    );
  }
  const { product, owner } = data;
  // While the seller is on vacation nothing is bought or offered (the server refuses it too).
  const away = owner.away_until;
  const buyable = data.can_be_bought && !away;
  // The server refuses an owner's purchase: the owner is not offered the button at all.
  const isOwner = userId !== null && userId === owner.id;

  return (
    <section className="page" aria-labelledby={titleId}>
      <ProductHero titleId={titleId} name={product.name} image={product.image} photos={product.images}>
        <div className="row">
          <Badge tone={buyable ? 'success' : 'danger'}>{buyable ? 'Disponible' : 'No Disponible'}</Badge>
          <span className="muted">{product.category_name}</span>
          {renderWatch?.({ id: product.id, name: product.name })}
        </div>
        <PriceTag value={product.sell_price} />
        {!product.can_be_bought && (
          <Alert kind="info" role="note">
            {productMessages.notBuyable}
          </Alert>
        )}
        {away && (
          <Alert kind="info" role="note" as="div">
            <p className="flush">
              <strong>{vacationMessages.away(away)}</strong>
            </p>
            {owner.away_message && <p className="flush">{owner.away_message}</p>}
          </Alert>
        )}
        {isOwner ? (
          <OwnProductNote productId={product.id} />
        ) : (
          <>
            <BuyNowAction productId={product.id} canBuy={buyable} />
            {buyable &&
              product.accepts_offers &&
              product.sell_price !== null &&
              renderOffer?.({ id: product.id, sellPrice: product.sell_price })}
          </>
        )}
        <p className={styles.description}>{product.description}</p>
        <section aria-labelledby={specsTitleId}>
          <h2 id={specsTitleId} className={`${styles.sectionTitle} ${styles.sectionTitleTop}`}>
            Especificaciones
          </h2>
          <SpecList
            rows={[
              ['Marca', brandLabel(product.brand_name)],
              ['Año', product.year],
              ['Escala', product.scale_name ?? 'N/A'],
              ['Categoria', product.category_name],
              ...attributeSpecRows(product),
            ]}
          />
        </section>
        <section aria-labelledby={sellerTitleId} className="card">
          <h2 id={sellerTitleId} className={`${styles.sectionTitle} ${styles.sectionTitleTop}`}>
            Vendedor
          </h2>
          <Link to={paths.publicProfile.getHref(owner.username)} className={styles.sellerBlock}>
            <SafeImage
              src={owner.avatar ?? owner.image ?? undefined}
              fallback={PLACEHOLDER_AVATAR}
              alt=""
              className={styles.avatarSmall}
            />
            <span>{owner.username}</span>
          </Link>
          <ReputationThermometer reputation={owner.reputation} className={styles.sellerReputation} />
          {renderReport?.({ id: product.id, name: product.name, ownerId: owner.id })}
        </section>
      </ProductHero>
      {renderSoldPrices?.(id)}
      <SimilarProducts id={id} />
    </section>
  );
}
