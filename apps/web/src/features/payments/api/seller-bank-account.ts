import {
  type BankAccount,
  type BankAccountInput,
  type BankAccountUpdate,
  banksEndpoints,
} from '@app/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/sellers-banks/get_by_seller_id/: the seller's account; a 404 means none (null). */
async function getSellerBankAccount(): Promise<BankAccount | null> {
  try {
    return await call(banksEndpoints.ownAccountSlash);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const sellerBankAccountQuery = () =>
  queryOptions({ queryKey: queryKeys.payments.bankAccount, queryFn: getSellerBankAccount });

export const useSellerBankAccount = () => useQuery(sellerBankAccountQuery());

/** Reads the saved account again from the server (the page does it a moment after a save). */
export const reloadSellerBankAccount = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: queryKeys.payments.bankAccount });

/** POST /api/sellers-banks/create, or PUT /api/sellers-banks/update/{id} (with the current password). */
function saveSellerBankAccount(
  input: { id: null; values: BankAccountInput } | { id: number; values: BankAccountUpdate },
) {
  return input.id === null
    ? call(banksEndpoints.createAccount, { body: input.values })
    : call(banksEndpoints.updateAccount, { params: { id: input.id }, body: input.values });
}

export function useSaveSellerBankAccount() {
  return useMutation({ mutationFn: saveSellerBankAccount });
}
