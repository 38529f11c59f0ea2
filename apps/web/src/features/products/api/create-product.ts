import type { CreateProductPayload, ProductMutationResponse } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/products/create (the image travels as a data URL). */
export const createProduct = (payload: CreateProductPayload) =>
  api.post<ProductMutationResponse>('/api/products/create', payload, { auth: true });

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
