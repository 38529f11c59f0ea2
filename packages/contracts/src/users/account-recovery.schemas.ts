import { z } from 'zod';
import { accountRecoveryMessages as messages } from './account-recovery.messages.ts';
import { optionalSecondFactorCode } from './two-factor.schemas.ts';
import {
  EmailSchema,
  NewPasswordSchema,
  newPasswordFields,
  passwordsMatch,
  userMessages,
} from './user.schemas.ts';

export const PasswordResetRequestSchema = z.object({ email: EmailSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** A link's token: whatever is not one of ours is simply a link that does not work. */
const linkToken = (invalid: string) =>
  z.string({ error: invalid }).trim().min(1, { error: invalid }).max(200, { error: invalid });

export const PasswordResetConfirmSchema = z.object({
  token: linkToken(messages.resetLinkInvalid),
  password: NewPasswordSchema,
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

/** The /restablecer form: the new password twice. */
export const PasswordResetFormSchema = z.object(newPasswordFields).refine(...passwordsMatch);
export type PasswordResetForm = z.infer<typeof PasswordResetFormSchema>;

const currentPassword = z
  .string({ error: userMessages.currentPasswordRequired })
  .min(1, { error: userMessages.currentPasswordRequired })
  .max(200, { error: userMessages.wrongCurrentPassword, abort: true });

export const EmailChangeRequestSchema = z.object({
  new_email: EmailSchema,
  current_password: currentPassword,
  /** With two-step verification on, a current code too. */
  code: optionalSecondFactorCode,
});
export type EmailChangeRequest = z.infer<typeof EmailChangeRequestSchema>;

export const EmailChangeConfirmSchema = z.object({ token: linkToken(messages.emailLinkInvalid) });
export type EmailChangeConfirm = z.infer<typeof EmailChangeConfirmSchema>;

export const EmailChangedResponseSchema = z.object({ message: z.string(), email: z.string() });
