import { type LoginChallenge, type LoginInput, type LoginResponse, usersEndpoints } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client.ts';

export const loginMessages = {
  badCredentials: 'Credenciales incorrectas. Por favor verifica tu email y contraseña.',
  failed: 'Error al intentar iniciar sesión. Por favor intenta más tarde.',
  noToken: 'No se recibió token de autenticación. Contacta al administrador.',
} as const;

/** A login that answered without a token. */
export class MissingTokenError extends Error {
  constructor() {
    super(loginMessages.noToken);
    this.name = 'MissingTokenError';
  }
}

/** What a right password leads to: the session's token, or the code step's challenge. */
type LoginOutcome = { token: string } | { challenge: string };

/** POST /api/users/login; resolves to the token or a challenge, or throws (ApiError / MissingTokenError). */
async function login(input: LoginInput): Promise<LoginOutcome> {
  // Checked rather than trusted: a server that answers without a token gets the usual login failure message.
  const response = (await call(usersEndpoints.login, { body: input })) as
    | (Partial<LoginResponse> & Partial<LoginChallenge>)
    | null;
  const challenge = response?.two_factor_required ? response.challenge_token : undefined;
  if (typeof challenge === 'string' && challenge !== '') return { challenge };
  const token = response?.jwt_token;
  if (typeof token !== 'string' || token === '') throw new MissingTokenError();
  return { token };
}

/** The message the login form shows for a failure (429 shows the server's). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof MissingTokenError) return loginMessages.noToken;
  if (error instanceof ApiError) {
    if (error.status === 401) return loginMessages.badCredentials;
    if (error.status === 429 && error.message && !/^Error \d+$/.test(error.message)) return error.message;
  }
  return loginMessages.failed;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
