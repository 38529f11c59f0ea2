import type { EmailPreferenceType } from '@app/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/** E-mails with no in-app notification behind them (those come from the notifications trigger). */
export type DirectMailKind =
  | 'invitation'
  | 'password_changed'
  | 'sessions_ended'
  | 'payment_reminder'
  /** Every other security event of users/security-notices.service.ts. */
  | 'security_notice'
  /** One-time links: their token is wiped from the outbox once the message is sent or given up. */
  | 'password_reset'
  | 'email_confirmation';

/** Kinds whose link carries a one-time token (see the mail job). */
export const SECRET_LINK_KINDS: readonly DirectMailKind[] = ['password_reset', 'email_confirmation'];

export interface DirectMail {
  kind: DirectMailKind;
  /** The address; by default the user's own. */
  to?: string;
  userId: number | null;
  /** The preference that turns it off; none for security notices and invitations. */
  preference?: EmailPreferenceType;
  title: string;
  message: string;
  /** Path on the site (or absolute URL) of the page to act on. */
  link: string;
  /** Sent at most once per key (a reminder for one payment). */
  dedupeKey?: string;
}

/**
 * Writes e-mails into the outbox inside the caller's transaction: they are sent only if it
 * commits, and the sending job picks them up. An opted-out type, an address that must receive
 * nothing (`mail_deliverable`) and a repeated dedupe key are skipped. Answers how many rows were written.
 */
export async function enqueueMail(trx: Database, mails: DirectMail[], now: Date): Promise<number> {
  let written = 0;
  for (const mail of mails) {
    const result = await sql`
      insert into mail_outbox (user_id, to_address, kind, preference, data, dedupe_key, next_attempt_at, created_at)
      select ${mail.userId}::integer, a.address, ${mail.kind}, ${mail.preference ?? null}::text,
             ${JSON.stringify({ title: mail.title, message: mail.message, link: mail.link })}::jsonb,
             ${mail.dedupeKey ?? null}::text, ${now}::timestamptz, ${now}::timestamptz
      from (select coalesce(${mail.to ?? null}::text, (select email from users where id = ${mail.userId}::integer)) as address) a
      -- A deleted account's placeholder address receives nothing.
      where mail_deliverable(a.address)
        and (${mail.preference ?? null}::text is null or not exists (
          select 1 from email_opt_outs o where o.user_id = ${mail.userId}::integer and o.preference = ${mail.preference ?? null}::text
        ))
      on conflict (dedupe_key) where dedupe_key is not null do nothing
    `.execute(trx);
    written += Number(result.numAffectedRows ?? 0);
  }
  return written;
}

/** Security notices: always sent, whatever the user's preferences (the others: users/security-notices.service.ts). */
export const securityNotice = {
  sessionsEnded: (userId: number): DirectMail => ({
    kind: 'sessions_ended',
    userId,
    title: 'Cerramos todas tus sesiones',
    message:
      'Se cerró la sesión de tu cuenta en todos tus dispositivos. Si no lo pediste tú, inicia sesión y cambia tu contraseña.',
    link: '/login',
  }),
};

/**
 * A deleted account: its e-mails (waiting or sent, they hold its address and what happened) and
 * its preferences go, in the deletion's transaction.
 */
export async function forgetMail(trx: Database, userId: number): Promise<void> {
  await trx.deleteFrom('mail_outbox').where('user_id', '=', userId).execute();
  await trx.deleteFrom('email_opt_outs').where('user_id', '=', userId).execute();
}
