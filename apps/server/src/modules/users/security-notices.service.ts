import type { Database } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import { type DirectMail, type DirectMailKind, enqueueMail } from '../mail/outbox.service.ts';
import {
  createNotifications,
  type NotificationDto,
  publishNotifications,
} from '../notifications/notifications.service.ts';

/**
 * The one way an account is told that something happened to its access: every event below writes,
 * inside the caller's transaction, a security e-mail (always sent, whatever the preferences), an
 * in-app notification and a row of the account's security history (part of the personal-data
 * export). Nothing is sent unless the caller's change commits.
 */
export const securityEventKinds = [
  'password_reset_requested',
  'password_reset',
  'password_changed',
  'email_change_requested',
  'email_changed',
  'two_factor_enabled',
  'two_factor_disabled',
  'passkey_added',
  'passkey_removed',
  'recovery_code_used',
] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];

/** What each kind's texts need to know. */
export interface SecurityEventDetails {
  /** `link`: the reset page with its token; it goes in the e-mail only, never in the notification. */
  password_reset_requested: { link: string };
  password_reset: Record<string, never>;
  password_changed: Record<string, never>;
  /** The notice goes to the current address (the one being replaced). */
  email_change_requested: { new_email: string };
  /** The notice goes to `old_email`: the account's address is the new one by now. */
  email_changed: { old_email: string; new_email: string };
  two_factor_enabled: Record<string, never>;
  two_factor_disabled: Record<string, never>;
  passkey_added: { name: string };
  passkey_removed: { name: string };
  recovery_code_used: { remaining: number };
}

interface NoticeText {
  title: string;
  message: string;
  link: string;
  /** The e-mail when it says more than the notification (the reset link). */
  mail?: { title: string; message: string; link: string };
  /** Another address than the account's current one. */
  to?: string;
}

const IF_NOT_YOU = 'Si no fuiste tú, cambia tu contraseña de inmediato y escríbenos.';

const texts: { [K in SecurityEventKind]: (d: SecurityEventDetails[K]) => NoticeText } = {
  password_reset_requested: (d) => ({
    title: 'Pediste restablecer tu contraseña',
    message:
      'Te enviamos por correo un enlace para elegir una contraseña nueva. Si no lo pediste tú, ignóralo: tu contraseña no cambia.',
    link: '/profile',
    mail: {
      title: 'Restablece tu contraseña',
      message:
        'Recibimos una solicitud para restablecer la contraseña de tu cuenta. El enlace sirve una sola vez y durante 1 hora. Si no lo pediste tú, ignora este correo: tu contraseña no cambia.',
      link: d.link,
    },
  }),
  password_reset: () => ({
    title: 'Tu contraseña cambió',
    message:
      'La contraseña de tu cuenta se restableció con un enlace de recuperación y se cerraron todas tus sesiones. Si no fuiste tú, pide otro enlace en «¿Olvidaste tu contraseña?» y escríbenos de inmediato.',
    link: '/login',
  }),
  password_changed: () => ({
    title: 'Tu contraseña cambió',
    message:
      'La contraseña de tu cuenta se acaba de cambiar y se cerraron tus otras sesiones. Si no fuiste tú, entra y cámbiala de nuevo, o escríbenos de inmediato.',
    link: '/profile',
  }),
  email_change_requested: (d) => ({
    title: 'Pediste cambiar tu correo',
    message: `Se pidió cambiar el correo de tu cuenta a ${d.new_email}. El cambio ocurre solo cuando se abra el enlace que enviamos a esa dirección. ${IF_NOT_YOU}`,
    link: '/profile',
  }),
  email_changed: (d) => ({
    title: 'El correo de tu cuenta cambió',
    message: `El correo de tu cuenta ahora es ${d.new_email} y se cerraron tus otras sesiones. ${IF_NOT_YOU}`,
    link: '/profile',
    to: d.old_email,
  }),
  two_factor_enabled: () => ({
    title: 'Activaste la verificación en dos pasos',
    message: `Desde ahora, para entrar a tu cuenta se pide también un código de tu aplicación de autenticación. ${IF_NOT_YOU}`,
    link: '/profile',
  }),
  two_factor_disabled: () => ({
    title: 'Desactivaste la verificación en dos pasos',
    message: `Tu cuenta ya no pide un código al entrar. ${IF_NOT_YOU}`,
    link: '/profile',
  }),
  passkey_added: (d) => ({
    title: 'Agregaste una llave de acceso',
    message: `La llave de acceso «${d.name}» ya puede abrir tu cuenta sin contraseña. ${IF_NOT_YOU}`,
    link: '/profile',
  }),
  passkey_removed: (d) => ({
    title: 'Quitaste una llave de acceso',
    message: `La llave de acceso «${d.name}» ya no abre tu cuenta. ${IF_NOT_YOU}`,
    link: '/profile',
  }),
  recovery_code_used: (d) => ({
    title: 'Entraste con un código de recuperación',
    message: `Se usó uno de tus códigos de recuperación para entrar a tu cuenta; te quedan ${d.remaining}. ${IF_NOT_YOU}`,
    link: '/profile',
  }),
};

function mailKindOf(kind: SecurityEventKind): DirectMailKind {
  if (kind === 'password_changed' || kind === 'password_reset') return 'password_changed';
  if (kind === 'password_reset_requested') return 'password_reset';
  return 'security_notice';
}

/** The notices written, to push live once the caller's transaction has committed. */
export type PendingSecurityNotices = Array<NotificationDto & { user_id: number }>;

/**
 * Records `kind` for the account inside `trx`: its security history, the in-app notification and
 * the e-mail (always sent). Call `announceSecurityNotices` with the answer after the commit.
 */
export async function recordSecurityEvent<K extends SecurityEventKind>(
  trx: Database,
  userId: number,
  kind: K,
  details: SecurityEventDetails[K],
  now: Date,
): Promise<PendingSecurityNotices> {
  const text = texts[kind](details);
  await trx.insertInto('security_events').values({ user_id: userId, kind, created_at: now }).execute();
  const mail: DirectMail = {
    kind: mailKindOf(kind),
    userId,
    ...(text.to ? { to: text.to } : {}),
    title: text.mail?.title ?? text.title,
    message: text.mail?.message ?? text.message,
    link: text.mail?.link ?? text.link,
  };
  await enqueueMail(trx, [mail], now);
  return createNotifications(
    trx,
    [{ userId, type: 'security', title: text.title, message: text.message, link: text.link }],
    now,
  );
}

/** Pushes the notices to the account's open pages; a bus that is away only delays them. */
export async function announceSecurityNotices(
  events: EventBus,
  notices: PendingSecurityNotices,
): Promise<void> {
  await publishNotifications(events, notices).catch(() => undefined);
}

/** The account's security history, oldest first (the personal-data export). */
export function securityEventsOf(db: Database, userId: number) {
  return db
    .selectFrom('security_events')
    .select(['kind', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A deleted account: its history and its unused links go with it, in the deletion's transaction. */
export async function forgetSecurityEvents(trx: Database, userId: number): Promise<void> {
  await trx.deleteFrom('security_events').where('user_id', '=', userId).execute();
  await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('email_change_tokens').where('user_id', '=', userId).execute();
}
