import { type CreateProductPayload, productsEndpoints } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/products/create (the image travels as a data URL). */
const createProduct = (payload: CreateProductPayload) => call(productsEndpoints.create, { body: payload });

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
  });
}
