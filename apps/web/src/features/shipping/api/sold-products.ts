import { type Carrier, type SoldProductsResponse, shippingEndpoints, toTracking } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/products/get_sold_products: the seller's sales with buyer details. */
const getSoldProducts = () => call(shippingEndpoints.soldProducts);

const soldProductsQuery = () => queryOptions({ queryKey: queryKeys.shipping.sold, queryFn: getSoldProducts });

export const useSoldProducts = () => useQuery(soldProductsQuery());

/** POST /api/products/change_shipping_status: pending → shipped, by the seller. */
const markProductShipped = ({
  productId,
  carrier,
  tracking_number,
}: {
  productId: number;
  carrier?: Carrier;
  tracking_number?: string;
}) =>
  call(shippingEndpoints.markShipped, {
    body: { product_id: productId, shipping_status: 'shipped', carrier, tracking_number },
  });

/** The shipped sale's row updates in place in the cached list. */
export function useMarkShipped() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markProductShipped,
    onSuccess: (result, { productId, carrier, tracking_number }) =>
      client.setQueryData<SoldProductsResponse>(queryKeys.shipping.sold, (data) =>
        data
          ? {
              ...data,
              products: data.products.map((p) =>
                p.product_id === productId
                  ? {
                      ...p,
                      shipping_status: result.shipping_status,
                      product_status: result.product_status,
                      tracking: carrier ? toTracking(carrier, tracking_number ?? null) : null,
                    }
                  : p,
              ),
            }
          : data,
      ),
  });
}
