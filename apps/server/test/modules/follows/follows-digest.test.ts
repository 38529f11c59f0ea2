import { emailPreferenceTypes, followMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngDataUrl } from '../../factories/images.ts';
import { type ReferenceIds, referenceIds } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { testDatabaseKind } from '../../support/database.ts';
import { type SmtpSink, startSmtpSink } from '../mail/smtp-sink.ts';
import { listings, type User } from './follows-helpers.ts';

const DAY = 86_400;
const SUBJECT = 'Novedades de los vendedores que sigues';
const allOn = Object.fromEntries(emailPreferenceTypes.map((type) => [type, true]));

/** The followed sellers' digest: at most one e-mail a day, per preference, once across processes. */
describe('followed sellers digest', { timeout: 300_000 }, () => {
  let a: TestApp & { databaseUrl?: string };
  /** A second app on the same database (PostgreSQL only): another server process running jobs. */
  let b: TestApp | undefined;
  let smtp: SmtpSink;
  let ids: ReferenceIds;
  let image: string;
  let list: ReturnType<typeof listings>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const env = { SMTP_URL: smtp.url, PUBLIC_URL: 'https://subastas.example.co' };
    a = await startTestApp({ env });
    if (testDatabaseKind() === 'postgres') b = await startTestApp({ env, sharedDatabaseUrl: a.databaseUrl });
    ids = await referenceIds(a.ctx.db);
    image = await pngDataUrl({ width: 640, height: 480 });
    list = listings(
      a,
      () => ids,
      () => image,
    );
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await smtp?.stop();
  });

  const follow = (who: User, username: string) =>
    a.request('POST', `/api/follows/${username}`, { token: who.token });
  /** Every process runs its jobs at the same moment, each clock moved by `seconds` first. */
  async function allRunJobs(seconds = 0) {
    const apps = b ? [a, b] : [a];
    for (const app of apps) app.ctx.clock.advance(seconds);
    await Promise.all(apps.map((app) => app.ctx.jobs.runDue()));
  }

  it('gathers what followed sellers listed into one e-mail a day, sent once', async () => {
    const one = await insertUserWithToken(a, { is_seller: true, username: 'fd_uno' });
    const two = await insertUserWithToken(a, { is_seller: true, username: 'fd_dos' });
    const fan = await insertUserWithToken(a, { username: 'fd_fan' });
    await follow(fan, 'fd_uno');
    await follow(fan, 'fd_dos');
    await list.startAuction(one, 'Autos de colección');
    await list.listBuyNow(two, 'Greenlight Mustang');
    await allRunJobs();
    await allRunJobs();
    const first = smtp.to(fan.user.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe(SUBJECT);
    expect(first[0]!.text).toContain(followMessages.auctionNotice('fd_uno', 'Autos de colección'));
    expect(first[0]!.text).toContain(followMessages.productNotice('fd_dos', 'Greenlight Mustang'));
    expect(first[0]!.text).toContain('vendedores que sigues');

    // A third seller an hour later: that notice waits for the digest of a day after the first.
    const three = await insertUserWithToken(a, { is_seller: true, username: 'fd_tres' });
    await follow(fan, 'fd_tres');
    await allRunJobs(3600);
    await list.listBuyNow(three, 'Kyosho Lancia');
    await allRunJobs(DAY - 3600 - 120);
    expect(smtp.to(fan.user.email)).toHaveLength(1);
    await allRunJobs(180);
    const mails = smtp.to(fan.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Kyosho Lancia');
    expect(mails[1]!.text).not.toContain('Greenlight Mustang');
    await allRunJobs(2 * DAY);
    expect(smtp.to(fan.user.email)).toHaveLength(2);
    const sent = await a.ctx.db
      .selectFrom('mail_outbox')
      .select(['status', 'preference'])
      .where('user_id', '=', fan.user.id)
      .execute();
    expect(sent).toEqual([
      { status: 'sent', preference: 'followed_sellers' },
      { status: 'sent', preference: 'followed_sellers' },
    ]);
  });

  it('followed_sellers off: the notice stays in the app, no e-mail', async () => {
    const shop = await insertUserWithToken(a, { is_seller: true, username: 'fd_tienda' });
    const quiet = await insertUserWithToken(a, { username: 'fd_silencio' });
    const prefs = await a.request('PUT', '/api/notification-preferences', {
      token: quiet.token,
      body: { email: { ...allOn, followed_sellers: false } },
    });
    expect(prefs.status).toBe(200);
    expect(prefs.body.email.followed_sellers).toBe(false);
    expect(prefs.body.push.followed_sellers).toBe(true);
    // A client that knows only the earlier keys saves them and leaves this choice as it was.
    const { followed_sellers: _left, ...earlier } = allOn;
    const older = await a.request('PUT', '/api/notification-preferences', {
      token: quiet.token,
      body: { email: { ...earlier, outbid: false }, push: { ...earlier, claims: false } },
    });
    expect(older.status).toBe(200);
    expect(older.body.email).toMatchObject({ followed_sellers: false, outbid: false, questions: true });
    expect(older.body.push).toMatchObject({ followed_sellers: true, claims: false });
    expect((await a.request('GET', '/api/notification-preferences', { token: quiet.token })).body).toEqual(
      older.body,
    );
    await follow(quiet, 'fd_tienda');
    await list.startAuction(shop);
    await allRunJobs();
    const notices = await a.ctx.db
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', quiet.user.id)
      .execute();
    expect(notices).toEqual([{ type: 'followed_seller' }]);
    expect(smtp.to(quiet.user.email)).toEqual([]);
  });

  it.runIf(testDatabaseKind() === 'postgres')('two processes were running the jobs', () => {
    expect(b).toBeDefined();
  });
});
