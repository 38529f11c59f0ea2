import { type CreateRatingInput, ratingsEndpoints } from '@app/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/ratings: the buyer rates a delivered purchase once. */
const createRating = (input: CreateRatingInput) => call(ratingsEndpoints.create, { body: input });

export function useCreateRating() {
  return useMutation({ mutationFn: createRating });
}

/** GET /api/ratings/seller/{username}: newest first, paginated. */
const getSellerRatings = (username: string, page: number, size: number) =>
  call(ratingsEndpoints.forSeller, { params: { username }, query: { page, size } });

const sellerRatingsQuery = (username: string, page: number, size = 10) =>
  queryOptions({
    queryKey: queryKeys.ratings.seller(username, page, size),
    queryFn: () => getSellerRatings(username, page, size),
  });

export const useSellerRatings = (username: string, page: number, size = 10) =>
  useQuery(sellerRatingsQuery(username, page, size));
