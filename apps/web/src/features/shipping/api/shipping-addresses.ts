import { type ShippingAddress, type ShippingAddressInput, shippingEndpoints } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client.ts';

export const addressesKey = ['shipping', 'addresses'] as const;

/** GET /api/shipping-addresses/get/user: a 404 means the user has none yet. */
export async function getShippingAddresses(): Promise<ShippingAddress[]> {
  try {
    return await call(shippingEndpoints.addresses);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function useShippingAddresses() {
  return useQuery({ queryKey: addressesKey, queryFn: getShippingAddresses });
}

/** POST /api/shipping-addresses/ or PUT /api/shipping-addresses/{id} with the same fields. */
export function saveShippingAddress(input: { id: number | null; values: ShippingAddressInput }) {
  return input.id === null
    ? call(shippingEndpoints.createAddressSlash, { body: input.values })
    : call(shippingEndpoints.updateAddress, { params: { id: input.id }, body: input.values });
}

/** PUT /api/shipping-addresses/{id} with just {is_default: true}. */
export const setDefaultShippingAddress = (id: number) =>
  call(shippingEndpoints.updateAddress, { params: { id }, body: { is_default: true } });

/** DELETE /api/shipping-addresses/{id} */
export const deleteShippingAddress = (id: number) =>
  call(shippingEndpoints.deleteAddress, { params: { id } });

export const useSaveShippingAddress = () => useMutation({ mutationFn: saveShippingAddress });
export const useSetDefaultShippingAddress = () => useMutation({ mutationFn: setDefaultShippingAddress });
export const useDeleteShippingAddress = () => useMutation({ mutationFn: deleteShippingAddress });
