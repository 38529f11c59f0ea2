import { banksEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** GET /api/banks/list */
export const getBanks = () => call(banksEndpoints.list);

/** GET /api/banks/document_types (id/value/label/name) */
export const getDocumentTypes = () => call(banksEndpoints.documentTypes);

export function useBanks() {
  return useQuery({ queryKey: ['payments', 'banks'], queryFn: getBanks, staleTime: 10 * 60_000 });
}

export function useDocumentTypes() {
  return useQuery({
    queryKey: ['payments', 'document-types'],
    queryFn: getDocumentTypes,
    staleTime: 10 * 60_000,
  });
}
