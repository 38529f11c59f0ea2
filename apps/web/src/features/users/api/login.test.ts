import { describe, expect, it } from 'vitest';
import { ApiError, TokenRequiredError } from '../../../lib/api-client.ts';
import { loginErrorMessage, loginMessages, MissingTokenError } from './login.ts';

describe('loginErrorMessage', () => {
  it.each([
    ['401', new ApiError(401, 'lo que sea'), loginMessages.badCredentials],
    [
      '429 shows the server message',
      new ApiError(429, 'Demasiados intentos, espera.'),
      'Demasiados intentos, espera.',
    ],
    ['429 without a message', new ApiError(429, 'Error 429'), loginMessages.failed],
    ['500', new ApiError(500, 'Ocurrió un error'), loginMessages.failed],
    ['400', new ApiError(400, 'Por favor, introduce un correo electrónico válido'), loginMessages.failed],
    ['network', new ApiError(0, 'No se pudo conectar'), loginMessages.failed],
    ['no token in the answer', new MissingTokenError(), loginMessages.noToken],
    ['token required', new TokenRequiredError(), loginMessages.badCredentials],
    ['anything else', new Error('x'), loginMessages.failed],
  ])('%s', (_name, error, expected) => {
    expect(loginErrorMessage(error)).toBe(expected);
  });

  it('the texts are the exact Spanish texts', () => {
    expect(loginMessages).toEqual({
      badCredentials: 'Credenciales incorrectas. Por favor verifica tu email y contraseña.',
      failed: 'Error al intentar iniciar sesión. Por favor intenta más tarde.',
      noToken: 'No se recibió token de autenticación. Contacta al administrador.',
    });
  });
});
