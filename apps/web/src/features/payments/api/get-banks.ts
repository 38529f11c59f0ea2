import { banksEndpoints } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/banks/list */
const getBanks = () => call(banksEndpoints.list);

/** GET /api/banks/document_types (id/value/label/name) */
const getDocumentTypes = () => call(banksEndpoints.documentTypes);

/** Reference lists that change only with a deployment. */
const REFERENCE_STALE_MS = 10 * 60_000;

const banksQuery = () =>
  queryOptions({ queryKey: queryKeys.payments.banks, queryFn: getBanks, staleTime: REFERENCE_STALE_MS });

const documentTypesQuery = () =>
  queryOptions({
    queryKey: queryKeys.payments.documentTypes,
    queryFn: getDocumentTypes,
    staleTime: REFERENCE_STALE_MS,
  });

export const useBanks = () => useQuery(banksQuery());
export const useDocumentTypes = () => useQuery(documentTypesQuery());
