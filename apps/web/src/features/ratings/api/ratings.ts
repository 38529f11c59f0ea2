import type { CreateRatingInput, RatingCreated, SellerRatingsResponse } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/ratings: the buyer rates a delivered purchase once. */
export const createRating = (input: CreateRatingInput) =>
  api.post<RatingCreated>('/api/ratings', input, { auth: true });

export function useCreateRating() {
  return useMutation({ mutationFn: createRating });
}

/** GET /api/ratings/seller/{username}: newest first, paginated. */
export const getSellerRatings = (username: string, page: number, size: number) =>
  api.get<SellerRatingsResponse>(
    `/api/ratings/seller/${encodeURIComponent(username)}?page=${page}&size=${size}`,
  );

export function useSellerRatings(username: string, page: number, size = 10) {
  return useQuery({
    queryKey: ['ratings', 'seller', username.toLowerCase(), page, size],
    queryFn: () => getSellerRatings(username, page, size),
  });
}
