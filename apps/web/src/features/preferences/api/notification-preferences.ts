import { notificationPreferencesEndpoints as endpoints, type NotificationPreferences } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/notification-preferences: which e-mail types the user receives. */
const preferencesQuery = () =>
  queryOptions({
    queryKey: queryKeys.preferences.all,
    queryFn: () => call(endpoints.get),
  });

export const useNotificationPreferences = () => useQuery(preferencesQuery());

/** PUT /api/notification-preferences; the answer replaces the cached preferences. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) => call(endpoints.update, { body: input }),
    onSuccess: (saved) => client.setQueryData(queryKeys.preferences.all, saved),
  });
}

/** POST /unsubscribe/{token}: the e-mail's link turns its type off, without a login. */
export function useUnsubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(endpoints.unsubscribe, { params: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.preferences.all }),
  });
}
