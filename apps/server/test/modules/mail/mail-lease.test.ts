import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailJob } from '../../../src/modules/mail/mail.job.ts';
import type { MailTransport } from '../../../src/modules/mail/mail.transport.ts';
import { createUnsubscribeTokens } from '../../../src/modules/mail/unsubscribe-token.ts';
import { startTestApp, type TestApp } from '../../helpers/build-app.ts';

/**
 * A sender whose lease ran out while it was still sending must not touch the row once another
 * sender has claimed it: the claim's attempt count is its ownership token.
 */
describe('mail outbox: a sender past its lease', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  async function queued(): Promise<string> {
    const row = await t.ctx.db
      .insertInto('mail_outbox')
      .values({
        user_id: null,
        to_address: 'lenta@example.co',
        kind: 'invitation',
        preference: null,
        data: JSON.stringify({
          title: 'Te invitaron',
          message: 'Elige tu contraseña.',
          link: 'https://x.example/invite/abc',
        }),
        dedupe_key: null,
        next_attempt_at: new Date(t.ctx.clock.now().getTime() - 1000),
        sent_at: null,
        last_error: null,
        claimed_at: null,
        created_at: t.ctx.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Another process claims the row (as the job's claim does once the lease has run out). */
  const claimedElsewhere = (id: string) =>
    sql`update mail_outbox set attempts = attempts + 1, claimed_at = now() where id = ${id}`.execute(
      t.ctx.db,
    );

  const job = (send: (id: string) => Promise<void>, id: string) =>
    createMailJob(t.ctx, {
      transport: { kind: 'files', send: () => send(id), close() {} } satisfies MailTransport,
      tokens: createUnsubscribeTokens('x'.repeat(32)),
      baseUrl: 'https://x.example',
      from: 'no-reply@x.example',
    });

  const row = (id: string) =>
    t.ctx.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a failed send does not put back a row another sender now holds', async () => {
    const id = await queued();
    await job(async (mailId) => {
      await claimedElsewhere(mailId);
      throw new Error('SMTP lento');
    }, id).run(t.ctx.clock.now());
    const after = await row(id);
    expect(after.claimed_at).not.toBeNull();
    expect(after.last_error).toBeNull();
    expect(after.attempts).toBe(2);
  });

  it('a send that ends late does not mark sent a row another sender now holds', async () => {
    const id = await queued();
    await job(async (mailId) => {
      await claimedElsewhere(mailId);
    }, id).run(t.ctx.clock.now());
    const after = await row(id);
    expect(after.status).toBe('pending');
    expect(after.claimed_at).not.toBeNull();
  });
});
