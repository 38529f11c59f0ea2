import { auctionMessages, formatNumber } from '@app/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SafeImage } from '../../../components/ui/image.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuctionProducts } from '../api/get-auction-products.ts';
import styles from './auctions.module.css';

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

  return (
    <section className="page">
      <header>
        <h1 className="page-title">Live Subastas</h1>
        <p className="page-subtitle">Descubre coleccionables únicos en subastas en tiempo real</p>
      </header>
      {query.isPending ? (
        <Spinner label="Cargando coleccionables asombrosos..." />
      ) : query.isError ? (
        <div className="alert alert-error" role="alert">
          {errorMessage(query.error, auctionMessages.auctionProductsError)}
        </div>
      ) : (
        <>
          <div className="card stack">
            <div className="row">
              <h2 style={{ margin: 0, fontSize: '1.25rem' }}>{query.data.auction.title}</h2>
              {query.data.auction.status === 'active' ? <span className="badge badge-live">Live</span> : null}
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
            <ul className="stack" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {query.data.products.map((p) => (
                <li key={p.id} className={`card ${styles.productRow}`}>
                  <SafeImage src={p.thumbnail ?? p.image} alt={p.name} className="card-image" />
                  <div>
                    <div className="row" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
                      <h3>{p.name}</h3>
                      {renderWatch?.(p)}
                    </div>
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
                      <Link
                        to={paths.productAuction.getHref(p.id)}
                        className="btn btn-primary"
                        aria-label={`Ver Producto ${p.name}`}
                      >
                        Ver Producto
                      </Link>
                      {p.can_be_bought ? (
                        <Link
                          to={paths.buyProduct.getHref(p.id)}
                          className="btn btn-accent"
                          aria-label={`Comprar Ahora ${p.name}`}
                        >
                          Comprar Ahora
                        </Link>
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
