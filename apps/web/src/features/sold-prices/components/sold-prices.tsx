import { catalogMessages, formatCOP, type SoldPricesResponse } from '@app/contracts';
import { useId } from 'react';
import { compactPesos } from '../../../components/charts/compact-pesos.ts';
import { DailyChart } from '../../../components/charts/daily-chart.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSoldPrices } from '../api/sold-prices.ts';
import { saleDay, saleDayLabel } from './sale-day.ts';
import styles from './sold-prices.module.css';

const CHART_HEIGHT = 180;
const KIND_LABELS = { auction: 'Subasta', buy_now: 'Compra directa' } as const;

/**
 * 'Vendidos recientemente' on both product pages: what similar products sold for in the last
 * year, as the median (with the lowest and highest), a small chart of price over time and, for
 * screen readers, the same sales as a table.
 */
export function SoldPrices({ productId }: { productId: number }) {
  const sold = useSoldPrices(productId);
  const titleId = useId();
  return (
    <section className="stack" aria-labelledby={titleId} aria-busy={sold.isPending}>
      <h2 id={titleId} className={styles.title}>
        {catalogMessages.soldTitle}
      </h2>
      {sold.isPending ? (
        <SoldSkeleton />
      ) : sold.isError ? (
        <div className="stack">
          <Alert kind="error">{errorMessage(sold.error, catalogMessages.soldLoadError)}</Alert>
          <Button className="self-start" onClick={() => void sold.refetch()}>
            Reintentar
          </Button>
        </div>
      ) : sold.data.stats.count === 0 ? (
        <p className="empty-state">{catalogMessages.soldEmpty}</p>
      ) : (
        <SoldSummary data={sold.data} />
      )}
    </section>
  );
}

function SoldSkeleton() {
  return (
    <div className="stack">
      <span className="sr-only" role="status">
        Cargando ventas recientes...
      </span>
      <div className={`${styles.skeleton} ${styles.skeletonStats}`} />
      <div className={`${styles.skeleton} ${styles.skeletonChart}`} />
    </div>
  );
}

function SoldSummary({ data }: { data: SoldPricesResponse }) {
  const tableId = useId();
  const { stats, items } = data;
  // Oldest first, one point per sale, on the day it was paid (the same day the table names).
  const points = [...items].reverse().map((item) => ({ date: saleDay(item.sold_at), value: item.price }));
  return (
    <>
      <dl className={styles.stats}>
        <div className={`${styles.stat} ${styles.median}`}>
          <dt>Precio mediano</dt>
          <dd>{formatCOP(stats.median)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Mínimo</dt>
          <dd>{formatCOP(stats.min)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Máximo</dt>
          <dd>{formatCOP(stats.max)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Ventas en el último año</dt>
          <dd>{stats.count}</dd>
        </div>
      </dl>
      <DailyChart
        title="Precio de venta en el tiempo"
        kind="area"
        points={points}
        formatValue={formatCOP}
        formatAxisValue={compactPesos}
        tableId={tableId}
        height={CHART_HEIGHT}
      />
      {stats.count > items.length ? (
        <p className={`muted ${styles.note}`}>Se muestran las {items.length} ventas más recientes.</p>
      ) : null}
      {/* A table will not shrink to the 1px of sr-only: its wrapper does, and clips it. */}
      <div className="sr-only">
        <table id={tableId}>
          <caption>Ventas de productos similares, de la más reciente a la más antigua</caption>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Producto</th>
              <th scope="col">Tipo</th>
              <th scope="col">Precio</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              // Two sales may share name, day and price: the position keeps each row apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered in place.
              <tr key={index}>
                <td>{saleDayLabel(item.sold_at)}</td>
                <td>{item.name}</td>
                <td>{KIND_LABELS[item.kind]}</td>
                <td>{formatCOP(item.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
