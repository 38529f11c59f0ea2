import { productsEndpoints, type UpdateProductInput } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { productKey } from './get-product.ts';

/** PUT /api/products/update/{id}: name, description, reserve_price, year. */
export const updateProduct = (id: number, payload: UpdateProductInput) =>
  call(productsEndpoints.update, { params: { id }, body: payload });

export function useUpdateProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: UpdateProductInput) => updateProduct(id, payload),
    onSuccess: (data) => {
      queryClient.setQueryData(productKey(id), data.product);
      void queryClient.invalidateQueries({ queryKey: ['products', 'mine'] });
    },
  });
}
