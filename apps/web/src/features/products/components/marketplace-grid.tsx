import { productMessages } from '@app/contracts';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMarketplace } from '../api/get-marketplace.ts';
import { BuyNowGrid, type WatchSlot } from './buy-now-card.tsx';

/** Home 'Marketplace' tab: every seller's buy-now products, 12 at a time with 'Cargar más'. */
export function MarketplaceGrid({ renderWatch }: { renderWatch?: WatchSlot } = {}) {
  const titleId = useId();
  const query = useMarketplace();
  if (query.isPending) return <Spinner label="Cargando productos..." />;
  // A failed next page keeps the pages already shown (the error is shown under them).
  if (query.isError && !query.data) {
    return (
      <Alert kind="error" as="div">
        <p>{errorMessage(query.error, productMessages.marketplaceError)}</p>
        <Button size="sm" onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  }
  const pages = query.data?.pages ?? [];
  const products = pages.flatMap((page) => page.items);
  const total = pages.at(-1)?.meta.total ?? products.length;
  if (products.length === 0) return <p className="empty-state">{productMessages.marketplaceEmpty}</p>;
  return (
    <section aria-labelledby={titleId} className="stack">
      <h2 id={titleId} className="sr-only">
        Productos de compra directa
      </h2>
      <BuyNowGrid products={products} label="Productos de compra directa" renderWatch={renderWatch} />
      <LoadMore
        shown={`Mostrando ${products.length} de ${total} productos`}
        query={query}
        failed={productMessages.marketplaceError}
      />
    </section>
  );
}
