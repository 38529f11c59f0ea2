import { productsEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

interface SelectableProduct {
  id: number;
  name: string;
  image: string | null;
  thumbnail?: string | null;
  status?: string;
}

/** GET /api/products/get_products, kept to the ids chosen for the new auction (in that order). */
async function getSelectedProducts(ids: number[]) {
  const all: SelectableProduct[] = await call(productsEndpoints.listOwn);
  const byId = new Map(all.map((p) => [p.id, p]));
  return ids.flatMap((id) => {
    const product = byId.get(id);
    return product ? [product] : [];
  });
}

const selectedProductsQuery = (ids: number[]) =>
  queryOptions({
    queryKey: queryKeys.auctions.selectedProducts(ids),
    queryFn: () => getSelectedProducts(ids),
    enabled: ids.length > 0,
    retry: false,
  });

export function useSelectedProducts(ids: number[]) {
  return useQuery(selectedProductsQuery(ids));
}
