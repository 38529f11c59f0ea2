import { questionsEndpoints } from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type SellerQuestionStatus = 'unanswered' | 'answered';

/** GET /api/questions/product/{productId}: public, newest first. */
const productQuestionsQuery = (productId: number, page: number, size: number) =>
  queryOptions({
    queryKey: queryKeys.questions.product(productId, page),
    queryFn: () => call(questionsEndpoints.forProduct, { params: { productId }, query: { page, size } }),
    placeholderData: keepPreviousData,
  });

export const useProductQuestions = (productId: number, page: number, size: number) =>
  useQuery(productQuestionsQuery(productId, page, size));

/** GET /api/questions/seller: the caller's questions to answer, or answered. */
const sellerQuestionsQuery = (status: SellerQuestionStatus, page: number) =>
  queryOptions({
    queryKey: queryKeys.questions.seller(status, page),
    queryFn: () => call(questionsEndpoints.seller, { query: { status, page, size: 20 } }),
  });

export const useSellerQuestions = (status: SellerQuestionStatus, page: number) =>
  useQuery(sellerQuestionsQuery(status, page));

/** Every question list may change after any question action: refetch them all. */
function useInvalidateQuestions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.questions.all });
}

/** POST /api/questions. */
export function useAskQuestion() {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: (input: { productId: number; text: string }) =>
      call(questionsEndpoints.ask, { body: { product_id: input.productId, text: input.text } }),
    onSuccess: invalidate,
  });
}

/** POST /api/questions/{id}/answer. */
export function useAnswerQuestion() {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: (input: { id: number; text: string }) =>
      call(questionsEndpoints.answer, { params: { id: input.id }, body: { text: input.text } }),
    onSettled: invalidate,
  });
}

/** DELETE /api/questions/{id}: the owner hides it. */
export function useHideQuestion() {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: (id: number) => call(questionsEndpoints.hide, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** POST /api/questions/block. */
export function useBlockAsker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => call(questionsEndpoints.block, { body: { username } }),
    // The asker joins the seller's one list of blocked buyers, which the profile shows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sellers.blocked }),
  });
}
