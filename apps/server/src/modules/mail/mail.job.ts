import { type EmailPreferenceType, emailPreferenceTypes } from '@app/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import { renderMail } from './mail.templates.ts';
import type { MailTransport } from './mail.transport.ts';
import { mailContentOf } from './mail-copy.ts';
import { SECRET_LINK_KINDS } from './outbox.service.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

const BATCH = 20;
/** A claimed row is not offered again for this long: the process sending it may have died. */
const LEASE_MS = 10 * 60_000;
/** How long a message is retried before it is given up. */
const GIVE_UP_MS = 24 * 3600_000;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;

interface ClaimedRow {
  id: number;
  user_id: number | null;
  to_address: string;
  kind: string;
  preference: string | null;
  data: Record<string, unknown>;
  attempts: number;
  created_at: Date;
}

/** The wait before attempt n+1: one minute, doubling, at most an hour. */
function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * Sends due outbox rows. Rows are claimed in a short transaction (`FOR UPDATE SKIP LOCKED`, so
 * processes share the work; the claim pushes their next attempt a lease ahead and marks them
 * held, so no match is added to a digest after it was read) and sent outside
 * it, so no database lock or connection waits on SMTP. A row accepted by the server is marked
 * sent at once and never offered again; a refused one waits longer each time and is given up
 * after 24 hours. Answers how many were sent.
 */
export function createMailJob(
  ctx: AppContext,
  deps: { transport: MailTransport; tokens: UnsubscribeTokens; baseUrl: string; from: string },
): Job {
  const { db } = ctx;
  return {
    name: 'mail.send-outbox',
    async run(now) {
      const rows = await db.transaction().execute(async (trx) => {
        const result = await sql<ClaimedRow>`
          update mail_outbox
          set next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}, attempts = attempts + 1, claimed_at = ${now}
          where id in (
            select id from mail_outbox
            where status = 'pending' and next_attempt_at <= ${now}
            order by next_attempt_at, id
            limit ${BATCH}
            for update skip locked
          )
          returning id, user_id, to_address, kind, preference, data, attempts, created_at
        `.execute(trx);
        return result.rows;
      });
      let sent = 0;
      for (const row of rows) {
        try {
          await send(row);
          await db
            .updateTable('mail_outbox')
            .set({ status: 'sent', sent_at: now, last_error: null })
            .where('id', '=', row.id)
            .execute();
          await forgetSecretLink(row);
          sent += 1;
        } catch (err) {
          const giveUp = now.getTime() - new Date(row.created_at).getTime() >= GIVE_UP_MS;
          ctx.log.warn({ err, mailId: row.id, kind: row.kind, giveUp }, 'e-mail not sent');
          await db
            .updateTable('mail_outbox')
            .set({
              status: giveUp ? 'failed' : 'pending',
              next_attempt_at: new Date(now.getTime() + retryDelayMs(row.attempts)),
              // Put back: a saved-search digest may gather new matches again until it is retried.
              claimed_at: null,
              last_error: String((err as Error)?.message ?? err).slice(0, 500),
            })
            .where('id', '=', row.id)
            .execute();
          if (giveUp) await forgetSecretLink(row);
        }
      }
      return sent;
    },
  };

  /** A one-time link is kept only until it is sent: the database then holds only its hash. */
  async function forgetSecretLink(row: ClaimedRow) {
    if (!(SECRET_LINK_KINDS as readonly string[]).includes(row.kind)) return;
    await sql`update mail_outbox set data = data - 'link' where id = ${row.id}`.execute(db);
  }

  async function send(row: ClaimedRow) {
    const preference = (emailPreferenceTypes as readonly string[]).includes(row.preference ?? '')
      ? (row.preference as EmailPreferenceType)
      : null;
    const unsubscribeUrl =
      preference && row.user_id !== null
        ? `${deps.baseUrl}/unsubscribe/${deps.tokens.sign(row.user_id, preference)}`
        : null;
    const rendered = await renderMail(mailContentOf(row.kind, row.data), {
      baseUrl: deps.baseUrl,
      preference,
      unsubscribeUrl,
    });
    const host = new URL(deps.baseUrl).hostname || 'localhost';
    await deps.transport.send({
      from: deps.from,
      to: row.to_address,
      ...rendered,
      messageId: `<mail-${row.id}@${host}>`,
      headers: unsubscribeUrl
        ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : {},
    });
  }
}
