import type { ShippingAddress, ShippingAddressInput, ShippingAddressSaved } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

export const addressesKey = ['shipping', 'addresses'] as const;

/** GET /api/shipping-addresses/get/user: a 404 means the user has none yet. */
export async function getShippingAddresses(): Promise<ShippingAddress[]> {
  try {
    return await api.get<ShippingAddress[]>('/api/shipping-addresses/get/user', { auth: true });
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
    ? api.post<ShippingAddressSaved>('/api/shipping-addresses/', input.values, { auth: true })
    : api.put<ShippingAddressSaved>(`/api/shipping-addresses/${input.id}`, input.values, { auth: true });
}

/** PUT /api/shipping-addresses/{id} with just {is_default: true}. */
export const setDefaultShippingAddress = (id: number) =>
  api.put<ShippingAddressSaved>(`/api/shipping-addresses/${id}`, { is_default: true }, { auth: true });

/** DELETE /api/shipping-addresses/{id} */
export const deleteShippingAddress = (id: number) =>
  api.delete<{ message: string }>(`/api/shipping-addresses/${id}`, { auth: true });

export const useSaveShippingAddress = () => useMutation({ mutationFn: saveShippingAddress });
export const useSetDefaultShippingAddress = () => useMutation({ mutationFn: setDefaultShippingAddress });
export const useDeleteShippingAddress = () => useMutation({ mutationFn: deleteShippingAddress });
