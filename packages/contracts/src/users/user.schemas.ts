import { z } from 'zod';
import { contactSafe, requiredText } from '../common/schemas.ts';
import { ReputationSchema } from '../trust/trust.schemas.ts';

/** A login locked by failed attempts opens again after this long. */
export const LOGIN_LOCKOUT_MINUTES = 15;
export const PASSWORD_MIN_LENGTH = 8;

export const userMessages = {
  invalidEmail: 'Por favor, introduce un correo electrónico válido',
  emailRequired: 'El correo electrónico es obligatorio',
  passwordRequired: 'La contraseña es obligatoria',
  badCredentials: 'Credenciales incorrectas. Por favor verifica tu email y contraseña.',
  tooManyAttempts: `Demasiados intentos fallidos de inicio de sesión. Por favor, espera ${LOGIN_LOCKOUT_MINUTES} minutos e intenta de nuevo.`,
  nameRequired: 'El nombre es obligatorio',
  lastNameRequired: 'El apellido es obligatorio',
  invalidPhone: 'Formato de teléfono inválido',
  birthDateFuture: 'La fecha de nacimiento no puede ser en el futuro',
  invalidBirthDate: 'La fecha de nacimiento no es válida',
  currentPasswordRequired: 'La contraseña actual es obligatoria',
  newPasswordRequired: 'La nueva contraseña es obligatoria',
  passwordTooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  confirmRequired: 'La confirmación de contraseña es obligatoria',
  passwordsDontMatch: 'Las contraseñas no coinciden',
  wrongCurrentPassword: 'La contraseña actual es incorrecta',
  profileUpdated: '¡Perfil actualizado correctamente!',
  passwordUpdated: '¡Contraseña actualizada correctamente!',
  loggedOut: 'Sesión cerrada',
  loggedOutEverywhere: 'Sesión cerrada en todos tus dispositivos',
  userNotFound: 'No se pudo obtener la información del perfil',
  invalidAvatar: 'La URL del avatar no es válida',
} as const;

// Linear: the domain's labels cannot contain the dot that separates them, so there is one way to
// match any text (the former `[^\s@]+\.[^\s@]+` tried every dot and took quadratic time).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;

export const EmailSchema = z
  .string({ error: userMessages.emailRequired })
  .trim()
  .min(1, { error: userMessages.emailRequired, abort: true })
  .max(254, { error: userMessages.invalidEmail, abort: true })
  .regex(EMAIL_PATTERN, { error: userMessages.invalidEmail })
  .transform((v) => v.toLowerCase());

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: userMessages.passwordRequired })
    .min(1, { error: userMessages.passwordRequired })
    .max(200, { error: userMessages.badCredentials, abort: true }),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const LoginResponseSchema = z.object({ jwt_token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** Optional free text of the profile; a wrong type gets a Spanish message too. */
function optionalProfileText(max: number) {
  return z
    .string({ error: 'El texto no es válido' })
    .trim()
    .max(max, { error: `Máximo ${max} caracteres`, abort: true })
    .nullish()
    .transform((v) => (v ? v : null));
}

/** "YYYY-MM-DD" naming a day that exists (no 2026-02-31), from 1900 on (the database's range). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Profile edit rules; `today` is "YYYY-MM-DD" of the caller's clock, or a
 * function giving it at each check (a server that runs for days).
 */
export function makeProfileUpdateSchema(today: string | (() => string)) {
  const todayNow = typeof today === 'function' ? today : () => today;
  return z.object({
    name: requiredText(userMessages.nameRequired, 100),
    last_name: requiredText(userMessages.lastNameRequired, 100),
    phone: z
      .string({ error: userMessages.invalidPhone })
      .trim()
      .max(30, { error: userMessages.invalidPhone, abort: true })
      .refine((v) => v === '' || PHONE_PATTERN.test(v), { error: userMessages.invalidPhone })
      .nullish()
      .transform((v) => (v ? v : null)),
    address: optionalProfileText(255),
    // 'About me' is public: no way to reach the person outside the marketplace.
    bio: z
      .string({ error: 'El texto no es válido' })
      .trim()
      .max(1000, { error: 'Máximo 1000 caracteres', abort: true })
      .check(contactSafe(1000))
      .nullish()
      .transform((v) => (v ? v : null)),
    avatar: z
      .string({ error: userMessages.invalidAvatar })
      .trim()
      .max(2048, { error: userMessages.invalidAvatar, abort: true })
      .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v) || /^\/[^\s]*$/.test(v), {
        error: userMessages.invalidAvatar,
      })
      .nullish()
      .transform((v) => (v ? v : null)),
    birth_date: z
      .string({ error: userMessages.invalidBirthDate })
      .trim()
      .max(10, { error: userMessages.invalidBirthDate, abort: true })
      .refine((v) => v === '' || isCalendarDay(v), { error: userMessages.invalidBirthDate })
      .refine((v) => v === '' || v <= todayNow(), { error: userMessages.birthDateFuture })
      .nullish()
      .transform((v) => (v ? v : null)),
  });
}
export type ProfileUpdateInput = z.infer<ReturnType<typeof makeProfileUpdateSchema>>;
export type ProfileUpdateForm = z.input<ReturnType<typeof makeProfileUpdateSchema>>;

/** "YYYY-MM-DD" of a Date in UTC, for the birth-date rule. */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** A password someone chooses: required, at least PASSWORD_MIN_LENGTH characters, at most 200. */
export const NewPasswordSchema = z
  .string({ error: userMessages.newPasswordRequired })
  .min(1, { error: userMessages.newPasswordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: userMessages.passwordTooShort })
  .max(200, { error: 'La contraseña no puede tener más de 200 caracteres', abort: true });
const currentPassword = z
  .string({ error: userMessages.currentPasswordRequired })
  .min(1, { error: userMessages.currentPasswordRequired })
  .max(200, { error: userMessages.wrongCurrentPassword, abort: true });

/** What the server receives. */
export const ChangePasswordInputSchema = z.object({
  current_password: currentPassword,
  new_password: NewPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** The fields of a form that sets a password: the new one, and it typed again. */
export const newPasswordFields = {
  new_password: NewPasswordSchema,
  confirm_password: z
    .string({ error: userMessages.confirmRequired })
    .min(1, { error: userMessages.confirmRequired }),
};

/** The repeated password must match (said on the repeated field, once it is filled). */
export const passwordsMatch: [
  (v: { new_password: string; confirm_password: string }) => boolean,
  { error: string; path: string[] },
] = [
  (v) => v.confirm_password === '' || v.confirm_password === v.new_password,
  { error: userMessages.passwordsDontMatch, path: ['confirm_password'] },
];

/** What the change-password form validates before sending. */
export const ChangePasswordFormSchema = z
  .object({ current_password: currentPassword, ...newPasswordFields })
  .refine(...passwordsMatch);
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

export const UserProfileSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  name: z.string().nullable(),
  last_name: z.string().nullable(),
  birth_date: z.string().nullable(),
  is_seller: z.boolean(),
  /** Runs the marketplace: sees the operator console ('Administración'). */
  is_operator: z.boolean(),
  /** Two-step verification (authenticator app) is on: logins and sensitive changes ask for a code. */
  two_factor_enabled: z.boolean(),
  created_at: z.string(),
  activeListings: z.number(),
  totalSales: z.number(),
  /** Won items let expire unpaid in the last 365 days (not cleared by an operator): 3 stop bidding and buying. */
  unpaid_strikes: z.number(),
  /** Vacation mode: the last day away ("YYYY-MM-DD", Bogotá) and the message; null when not away. */
  away_until: z.string().nullable(),
  away_message: z.string().nullable(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/**
 * Public profile: only what the public page shows (avatar, username, seller badge, address
 * defaulting to 'Colombia', bio, member since, stats) and the id its lists are fetched by. No
 * email, phone, birth date or real name.
 */
export const PublicProfileSchema = z.object({
  id: z.number(),
  username: z.string(),
  address: z.string(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  is_seller: z.boolean(),
  created_at: z.string(),
  stats: z.object({
    active_auctions: z.number(),
    products_sold: z.number(),
    products_listed: z.number(),
    auctions_won: z.number(),
    total_bids: z.number(),
  }),
  /** Buyers' ratings of this seller: average with one decimal (null when none) and count. */
  rating_average: z.number().nullable(),
  rating_count: z.number(),
  /** The thermometer computed from the seller's sales: claims, late shipping, cancellations. */
  reputation: ReputationSchema,
  /** How many users follow this seller ('Seguir' on the public profile). */
  followers_count: z.number().int(),
  /** Vacation mode: the last day away ("YYYY-MM-DD", Bogotá) and the message; null when not away. */
  away_until: z.string().nullable(),
  away_message: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

/** `GET /api/users/profile/check_seller` answers a bare JSON boolean. */
export const CheckSellerResponseSchema = z.boolean();
