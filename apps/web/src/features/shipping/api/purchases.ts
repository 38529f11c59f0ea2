import { type PurchasedProduct, type PurchasedProductsResponse, shippingEndpoints } from '@app/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/products/get_purchased_products: the buyer's purchases, won and bought. */
const getPurchases = () => call(shippingEndpoints.purchases);

const purchasesQuery = () => queryOptions({ queryKey: queryKeys.shipping.purchases, queryFn: getPurchases });

export const usePurchases = () => useQuery(purchasesQuery());

/** Changes one purchase in the cached list in place (after a receipt or a rating). */
function updateCachedPurchase(client: QueryClient, productId: number, change: Partial<PurchasedProduct>) {
  client.setQueryData<PurchasedProductsResponse>(queryKeys.shipping.purchases, (data) =>
    data
      ? {
          ...data,
          products: data.products.map((p) => (p.product_id === productId ? { ...p, ...change } : p)),
        }
      : data,
  );
}

/** A rating saved for a purchase shows on its card at once. */
export function useRatePurchaseInCache() {
  const client = useQueryClient();
  return (productId: number, rating: PurchasedProduct['rating']) =>
    updateCachedPurchase(client, productId, { rating });
}

/** POST /api/products/confirm_delivery: the buyer says a shipped product arrived. */
const confirmDelivery = (productId: number) =>
  call(shippingEndpoints.confirmDelivery, { body: { product_id: productId } });

/** The confirmed purchase's statuses change in the cached list in place. */
export function useConfirmDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmDelivery,
    onSuccess: (result, productId) =>
      updateCachedPurchase(client, productId, {
        shipping_status: result.shipping_status,
        product_status: result.product_status,
      }),
  });
}
