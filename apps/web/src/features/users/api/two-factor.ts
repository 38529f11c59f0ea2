import { passkeysEndpoints, twoFactorEndpoints } from '@app/contracts';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

const RECOVERY_CODES_FILE = 'codigos-de-recuperacion-coleccionables.txt';

/** The recovery codes as a text file the person keeps (they are shown only once). */
export function downloadRecoveryCodes(codes: string[]): void {
  const text = [
    'Coleccionables: códigos de recuperación',
    'Cada código sirve una sola vez para entrar si no tienes tu aplicación de autenticación.',
    '',
    ...codes,
    '',
  ].join('\n');
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), RECOVERY_CODES_FILE);
}

/** The profile says whether two-step verification is on: every change here refreshes it. */
function useProfileRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.users.profile });
}

export function useTwoFactorSetup() {
  return useMutation({
    mutationFn: (current_password: string) => call(twoFactorEndpoints.setup, { body: { current_password } }),
  });
}

export function useTwoFactorEnable() {
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (code: string) => call(twoFactorEndpoints.enable, { body: { code } }),
    // Not awaited: the codes must show at once; the profile catches up behind them.
    onSuccess: () => void refresh(),
  });
}

export function useTwoFactorDisable() {
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (body: { current_password: string; code: string }) =>
      call(twoFactorEndpoints.disable, { body }),
    onSuccess: refresh,
  });
}

/** POST /api/users/login/2fa: the code step of a login; resolves to the session's token. */
export async function completeLogin(challenge_token: string, code: string): Promise<string> {
  const { jwt_token } = await call(twoFactorEndpoints.loginSecondStep, { body: { challenge_token, code } });
  return jwt_token;
}

const passkeysQuery = () =>
  queryOptions({
    queryKey: queryKeys.users.passkeys,
    queryFn: async () => (await call(passkeysEndpoints.list)).passkeys,
  });

export function usePasskeys(enabled = true) {
  return useQuery({ ...passkeysQuery(), enabled });
}

function usePasskeysRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.users.passkeys });
}

/** Whether this browser can make and use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** The browser's ceremony (the authenticator asks for the fingerprint, face or PIN), then the server's. */
export function useAddPasskey() {
  const refresh = usePasskeysRefresh();
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await call(passkeysEndpoints.registrationOptions);
      const response = await startRegistration({ optionsJSON: options as never });
      return call(passkeysEndpoints.register, {
        body: { name, response: response as unknown as Record<string, unknown> },
      });
    },
    onSuccess: refresh,
  });
}

export function useRenamePasskey() {
  const refresh = usePasskeysRefresh();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      call(passkeysEndpoints.rename, { params: { id }, body: { name } }),
    onSuccess: refresh,
  });
}

export function useRemovePasskey() {
  const refresh = usePasskeysRefresh();
  return useMutation({
    mutationFn: ({ id, proof }: { id: number; proof: { current_password?: string; code?: string } }) =>
      call(passkeysEndpoints.remove, { params: { id }, body: proof }),
    onSuccess: refresh,
  });
}

/** 'Iniciar sesión con llave de acceso': resolves to the session's token. */
export async function loginWithPasskey(): Promise<string> {
  const { options } = await call(passkeysEndpoints.loginOptions);
  const response = await startAuthentication({ optionsJSON: options as never });
  const { jwt_token } = await call(passkeysEndpoints.login, {
    body: { response: response as unknown as Record<string, unknown> },
  });
  return jwt_token;
}
