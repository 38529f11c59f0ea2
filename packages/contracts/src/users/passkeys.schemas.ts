import { z } from 'zod';
import { optionalSecondFactorCode } from './two-factor.schemas.ts';
import { userMessages } from './user.schemas.ts';

export const passkeyMessages = {
  nameRequired: 'El nombre de la llave es obligatorio',
  nameTooLong: 'El nombre de la llave no puede tener más de 60 caracteres',
  notFound: 'No encontramos esa llave de acceso',
  failed: 'No se pudo verificar la llave de acceso. Inténtalo de nuevo.',
  unknownPasskey: 'Esta llave de acceso no está registrada en ninguna cuenta',
  tooMany: 'Puedes registrar hasta 10 llaves de acceso',
  added: 'Llave de acceso agregada',
  renamed: 'Llave de acceso renombrada',
  removed: 'Llave de acceso eliminada',
  proofRequired: 'Escribe tu contraseña actual o un código de verificación',
} as const;

/** Passkeys one account may hold: the list is short enough to answer whole. */
export const MAX_PASSKEYS = 10;

export const PasskeyNameSchema = z
  .string({ error: passkeyMessages.nameRequired })
  .trim()
  .min(1, { error: passkeyMessages.nameRequired, abort: true })
  .max(60, { error: passkeyMessages.nameTooLong });

/**
 * A WebAuthn options or credential JSON object (as @simplewebauthn builds and reads them),
 * passed through whole: the library validates what is inside.
 */
const WebAuthnJsonSchema = z.record(z.string(), z.unknown());

export const PasskeySchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) });

export const PasskeyOptionsSchema = z.object({ options: WebAuthnJsonSchema });

export const PasskeyRegisterInputSchema = z.object({
  name: PasskeyNameSchema,
  response: WebAuthnJsonSchema,
});

export const PasskeyRenameInputSchema = z.object({ name: PasskeyNameSchema });

/** Removing a passkey takes the current password, or a code of two-step verification. */
export const PasskeyRemoveInputSchema = z.object({
  current_password: z.string().max(200, { error: userMessages.wrongCurrentPassword, abort: true }).optional(),
  code: optionalSecondFactorCode,
});

/** A passkey sign-in's signed answer, to the options of `POST /api/users/login/passkey/options`. */
export const PasskeyLoginInputSchema = z.object({ response: WebAuthnJsonSchema });
