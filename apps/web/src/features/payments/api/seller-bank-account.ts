import { type BankAccount, type BankAccountInput, banksEndpoints } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client.ts';

export const bankAccountKey = ['payments', 'bank-account'] as const;

/** GET /api/sellers-banks/get_by_seller_id/: the seller's account; a 404 means none (null). */
export async function getSellerBankAccount(): Promise<BankAccount | null> {
  try {
    return await call(banksEndpoints.ownAccountSlash);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useSellerBankAccount() {
  return useQuery({ queryKey: bankAccountKey, queryFn: getSellerBankAccount });
}

/** POST /api/sellers-banks/create or PUT /api/sellers-banks/update/{id}. */
export function saveSellerBankAccount(input: { id: number | null; values: BankAccountInput }) {
  return input.id === null
    ? call(banksEndpoints.createAccount, { body: input.values })
    : call(banksEndpoints.updateAccount, { params: { id: input.id }, body: input.values });
}

export function useSaveSellerBankAccount() {
  return useMutation({ mutationFn: saveSellerBankAccount });
}
