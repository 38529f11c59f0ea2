import { type CreateRatingInput, ratingsEndpoints } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** POST /api/ratings: the buyer rates a delivered purchase once. */
export const createRating = (input: CreateRatingInput) => call(ratingsEndpoints.create, { body: input });

export function useCreateRating() {
  return useMutation({ mutationFn: createRating });
}

/** GET /api/ratings/seller/{username}: newest first, paginated. */
export const getSellerRatings = (username: string, page: number, size: number) =>
  call(ratingsEndpoints.forSeller, { params: { username }, query: { page, size } });

export function useSellerRatings(username: string, page: number, size = 10) {
  return useQuery({
    queryKey: ['ratings', 'seller', username.toLowerCase(), page, size],
    queryFn: () => getSellerRatings(username, page, size),
  });
}
