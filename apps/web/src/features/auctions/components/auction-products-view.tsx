import { auctionMessages, formatNumber } from '@app/contracts';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { AttributeBadges } from '../../../components/ui/attribute-badges.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { LinkButton } from '../../../components/ui/button.tsx';
import { SafeImage } from '../../../components/ui/image.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useAuctionProducts } from '../api/get-auction-products.ts';
import styles from './auctions.module.css';

/** The page's heading, and its document title when the auction has not loaded. */
export const AUCTION_PRODUCTS_TITLE = 'Live Subastas';

const localTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('es-CO') : 'N/A');

/** 'Live Subastas': an auction's summary and its products (/auctions/products/{id}). */
export function AuctionProductsView({
  auctionId,
  renderWatch,
}: {
  auctionId: string;
  /** The route's heart toggle for each product (Favoritos). */
  renderWatch?: (product: { id: number; name: string }) => ReactNode;
}) {
  const query = useAuctionProducts(auctionId);
  const auctionTitle = query.data?.auction.title;
  usePageMeta({
    title: auctionTitle ? `${auctionTitle} | ${AUCTION_PRODUCTS_TITLE}` : AUCTION_PRODUCTS_TITLE,
  });

  return (
    <section className="page">
      <header>
        <h1 className="page-title">{AUCTION_PRODUCTS_TITLE}</h1>
        <p className="page-subtitle">Descubre coleccionables únicos en subastas en tiempo real</p>
      </header>
      {query.isPending ? (
        <Spinner label="Cargando coleccionables asombrosos..." />
      ) : query.isError ? (
        <Alert kind="error" as="div">
          {errorMessage(query.error, auctionMessages.auctionProductsError)}
        </Alert>
      ) : (
        <>
          <div className="card stack">
            <div className="row">
              <h2 className="title-sm">{query.data.auction.title}</h2>
              {query.data.auction.status === 'active' ? <Badge tone="live">Live</Badge> : null}
            </div>
            <dl className={styles.summary}>
              <div className={styles.summaryItem}>
                <dt>Oferta Mínima</dt>
                <dd>${formatNumber(query.data.auction.min_offer)}</dd>
              </div>
              <div className={styles.summaryItem}>
                <dt>Oferta Máxima</dt>
                <dd>
                  {query.data.auction.max_offer > 0
                    ? `$${formatNumber(query.data.auction.max_offer)}`
                    : '$0 (sin límite)'}
                </dd>
              </div>
              <div className={styles.summaryItem}>
                <dt>Hora de Inicio</dt>
                <dd>{localTime(query.data.auction.start_time)}</dd>
              </div>
              <div className={styles.summaryItem}>
                <dt>Hora de Finalización</dt>
                <dd>{localTime(query.data.auction.end_time)}</dd>
              </div>
            </dl>
          </div>
          {query.data.products.length === 0 ? (
            <p className="empty-state">No hay productos disponibles en esta subasta.</p>
          ) : (
            <ul className="stack plain-list">
              {query.data.products.map((p) => (
                <li key={p.id} className={`card ${styles.productRow}`}>
                  <SafeImage src={p.thumbnail ?? p.image} alt={p.name} className="card-image" />
                  <div>
                    <div className="row row-between">
                      <h3>{p.name}</h3>
                      {renderWatch?.(p)}
                    </div>
                    <AttributeBadges condition={p.condition} grading={p.grading} />
                    <p className={styles.description}>{p.description}</p>
                    <dl className={styles.specs}>
                      <div>
                        <dt>Marca</dt>
                        <dd>{p.brand ?? 'Sin marca'}</dd>
                      </div>
                      <div>
                        <dt>Categoría</dt>
                        <dd>{p.category ?? 'N/A'}</dd>
                      </div>
                      <div>
                        <dt>Escala</dt>
                        <dd>{p.scale ?? 'N/A'}</dd>
                      </div>
                      <div>
                        <dt>Año</dt>
                        <dd>{p.year}</dd>
                      </div>
                      <div>
                        <dt>Precio reserva</dt>
                        <dd>${formatNumber(p.reserve_price)}</dd>
                      </div>
                      <div>
                        <dt>Puja actual</dt>
                        <dd>${formatNumber(p.highest_bid)}</dd>
                      </div>
                      <div>
                        <dt>Cierre</dt>
                        <dd>{localTime(p.end_time)}</dd>
                      </div>
                      {p.can_be_bought ? (
                        <div>
                          <dt>Precio compra</dt>
                          <dd>${formatNumber(p.sell_price)}</dd>
                        </div>
                      ) : null}
                    </dl>
                    <div className={styles.actions}>
                      <LinkButton
                        to={paths.productAuction.getHref(p.id)}
                        variant="primary"
                        aria-label={`Ver Producto ${p.name}`}
                      >
                        Ver Producto
                      </LinkButton>
                      {p.can_be_bought ? (
                        <LinkButton
                          to={paths.buyProduct.getHref(p.id)}
                          variant="accent"
                          aria-label={`Comprar Ahora ${p.name}`}
                        >
                          Comprar Ahora
                        </LinkButton>
                      ) : null}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
