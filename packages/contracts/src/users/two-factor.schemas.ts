import { z } from 'zod';
import { userMessages } from './user.schemas.ts';

export const twoFactorMessages = {
  codeRequired: 'El código es obligatorio',
  wrongCode: 'Código incorrecto',
  challengeEnded: 'La verificación terminó. Inicia sesión de nuevo.',
  alreadyEnabled: 'La verificación en dos pasos ya está activada',
  notEnabled: 'La verificación en dos pasos no está activada',
  setupFirst: 'Primero configura la verificación en dos pasos con tu aplicación',
  enabled: 'Verificación en dos pasos activada',
  disabled: 'Verificación en dos pasos desactivada',
  operatorNeedsSecondFactor:
    'Para usar la administración activa la verificación en dos pasos o registra una llave de acceso en tu cuenta.',
} as const;

/** Six digits of the authenticator app, or a recovery code (`abcde-12345`); spaces and case ignored. */
export const SecondFactorCodeSchema = z
  .string({ error: twoFactorMessages.codeRequired })
  .trim()
  .min(1, { error: twoFactorMessages.codeRequired, abort: true })
  .max(40, { error: twoFactorMessages.wrongCode, abort: true });

/** `code` where an account with two-step verification on must give one (optional otherwise). */
// An empty field is no code (a form sends its empty input).
export const optionalSecondFactorCode = z.preprocess(
  (value) => (value === '' ? undefined : value),
  SecondFactorCodeSchema.optional(),
);

const currentPassword = z
  .string({ error: userMessages.currentPasswordRequired })
  .min(1, { error: userMessages.currentPasswordRequired })
  .max(200, { error: userMessages.wrongCurrentPassword, abort: true });

export const TwoFactorSetupInputSchema = z.object({ current_password: currentPassword });
export const TwoFactorSetupSchema = z.object({
  /** The shared secret in base32, for typing into the app by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`, what the QR code holds. */
  otpauth_url: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const TwoFactorEnableInputSchema = z.object({ code: SecondFactorCodeSchema });
export const RecoveryCodesSchema = z.object({
  message: z.string(),
  /** Ten single-use codes, shown only in this answer. */
  recovery_codes: z.array(z.string()),
});
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const TwoFactorDisableInputSchema = z.object({
  current_password: currentPassword,
  code: SecondFactorCodeSchema,
});

export const LoginChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  /** Good for 5 minutes and 5 wrong codes; sent back with the code. */
  challenge_token: z.string(),
});
export type LoginChallenge = z.infer<typeof LoginChallengeSchema>;

export const LoginSecondStepInputSchema = z.object({
  challenge_token: z
    .string({ error: twoFactorMessages.challengeEnded })
    .min(1, { error: twoFactorMessages.challengeEnded })
    .max(200, { error: twoFactorMessages.challengeEnded }),
  code: SecondFactorCodeSchema,
});
export type LoginSecondStepInput = z.infer<typeof LoginSecondStepInputSchema>;
