import { type AccountDeletionRefused, type OpenItem, personalDataEndpoints } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client.ts';
import { authStorage } from '../../../lib/auth-storage.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

const EXPORT_FILE_NAME = 'mis-datos-coleccionables.json';

/** GET /api/users/me/export, saved by the browser as a JSON file. */
async function downloadPersonalData(): Promise<void> {
  const data = await call(personalDataEndpoints.exportData);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  saveBlob(blob, EXPORT_FILE_NAME);
}

export function useDownloadPersonalData() {
  return useMutation({ mutationFn: downloadPersonalData });
}

/** What is still open when the server refused the deletion (409), else null. */
export function openItemsOf(error: unknown): OpenItem[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  // Read without zod: the schemas stay out of the page's code.
  const open = (error.body as Partial<AccountDeletionRefused> | undefined)?.open;
  return Array.isArray(open) ? open : null;
}

/**
 * POST /api/users/me/delete. Once deleted, every session of the account has ended on the server:
 * the token and every cached answer are forgotten here too.
 */
export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => call(personalDataEndpoints.deleteAccount, { body: { password } }),
    onSuccess: () => {
      authStorage.clearToken();
      client.clear();
    },
  });
}
