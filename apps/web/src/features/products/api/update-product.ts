import { productsEndpoints, type UpdateProductInput } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { putSavedProduct } from './get-product.ts';

/** PUT /api/products/update/{id}: name, description, reserve_price, year. */
const updateProduct = (id: number, payload: UpdateProductInput) =>
  call(productsEndpoints.update, { params: { id }, body: payload });

export function useUpdateProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: UpdateProductInput) => updateProduct(id, payload),
    onSuccess: (data) => putSavedProduct(queryClient, id, data.product),
  });
}
