import { type ShippingAddress, type ShippingAddressInput, shippingEndpoints } from '@app/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/shipping-addresses/get/user: a 404 means the user has none yet. */
async function getShippingAddresses(): Promise<ShippingAddress[]> {
  try {
    return await call(shippingEndpoints.addresses);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

const shippingAddressesQuery = () =>
  queryOptions({ queryKey: queryKeys.shipping.addresses, queryFn: getShippingAddresses });

export const useShippingAddresses = () => useQuery(shippingAddressesQuery());

/** The list as the page expects it after a change the server confirmed, before it is read again. */
export function updateCachedAddresses(
  client: QueryClient,
  update: (list: ShippingAddress[]) => ShippingAddress[],
) {
  client.setQueryData<ShippingAddress[]>(queryKeys.shipping.addresses, (list) => update(list ?? []));
}

/** Reads the addresses again from the server (the page does it a moment after a change). */
export const reloadAddresses = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: queryKeys.shipping.addresses });

/** POST /api/shipping-addresses/ or PUT /api/shipping-addresses/{id} with the same fields. */
function saveShippingAddress(input: { id: number | null; values: ShippingAddressInput }) {
  return input.id === null
    ? call(shippingEndpoints.createAddressSlash, { body: input.values })
    : call(shippingEndpoints.updateAddress, { params: { id: input.id }, body: input.values });
}

/** PUT /api/shipping-addresses/{id} with just {is_default: true}. */
const setDefaultShippingAddress = (id: number) =>
  call(shippingEndpoints.updateAddress, { params: { id }, body: { is_default: true } });

/** DELETE /api/shipping-addresses/{id} */
const deleteShippingAddress = (id: number) => call(shippingEndpoints.deleteAddress, { params: { id } });

export const useSaveShippingAddress = () => useMutation({ mutationFn: saveShippingAddress });
export const useSetDefaultShippingAddress = () => useMutation({ mutationFn: setDefaultShippingAddress });
export const useDeleteShippingAddress = () => useMutation({ mutationFn: deleteShippingAddress });
