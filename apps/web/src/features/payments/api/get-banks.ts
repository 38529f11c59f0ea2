import type { Bank, DocumentTypeOption } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/banks/list */
export const getBanks = () => api.get<Bank[]>('/api/banks/list', { auth: true });

/** GET /api/banks/document_types (id/value/label/name) */
export const getDocumentTypes = () =>
  api.get<DocumentTypeOption[]>('/api/banks/document_types', { auth: true });

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
