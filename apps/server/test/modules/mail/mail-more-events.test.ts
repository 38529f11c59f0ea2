import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AUTO_DELIVERY_DAYS, DEFAULT_CLAIM_WINDOW_DAYS } from '@app/contracts';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { insertBuyer, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { openedClaim, shippedSale } from '../claims/claims-support.ts';
import { insertOperator } from '../operator/operator-support.ts';
import { linksOf, type SmtpSink, startSmtpSink } from './smtp-sink.ts';

const PUBLIC_URL = 'https://subastas.example.co';

/** The web app's page patterns (its route table), as regular expressions over a pathname. */
async function webRoutePatterns(): Promise<RegExp[]> {
  // Loaded at run time by path: the web app's sources are not part of the server's program.
  const file = path.resolve(import.meta.dirname, '../../../../web/src/app/route-table.ts');
  const table = (await import(pathToFileURL(file).href)) as {
    publicPages: Array<{ path?: string }>;
    protectedPages: Array<{ path?: string }>;
  };
  return [...table.publicPages, ...table.protectedPages]
    .flatMap((page) => (page.path ? [page.path] : []))
    .map((pattern) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`));
}

/**
 * The events not covered elsewhere: each sends exactly one e-mail, through a real SMTP server,
 * to the right person, whose button opens a page the web app has. Bids never wait on SMTP
 * (stalled or down), and what waited is sent once the server is back.
 */
describe('e-mail for delivery, ending soon, claim steps and an SMTP outage', { timeout: 300_000 }, () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let routes: RegExp[];
  let seller: TestUser;
  let ana: TestUser;
  let beto: TestUser;
  let operator: TestUser;

  beforeAll(async () => {
    routes = await webRoutePatterns();
    smtp = await startSmtpSink();
    t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
    seller = await insertUserWithToken(t, { is_seller: true, username: 'mm_vendedora' });
    ana = await insertBuyer(t, 'mm_ana');
    beto = await insertBuyer(t, 'mm_beto');
    operator = await insertOperator(t, 'mm_operadora');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const send = () => t.ctx.jobs.runDue();
  const everyone = () => [seller, ana, beto, operator];
  /** Sessions expire as the test clock moves: everyone logs in again. */
  async function relogin() {
    for (const user of everyone()) user.token = await t.login(user.user.email, TEST_PASSWORD);
  }
  /** Drains the queue, then answers the messages each of `everyone` got since `counts`. */
  async function newMailsSince(counts: Map<TestUser, number>): Promise<Map<TestUser, ParsedMail[]>> {
    await send();
    return new Map(everyone().map((u) => [u, smtp.to(u.user.email).slice(counts.get(u) ?? 0)]));
  }
  const snapshot = () => new Map(everyone().map((u) => [u, smtp.to(u.user.email).length]));
  /** Runs `step`; then exactly one e-mail went to each of `to` (with `subject`), none to anyone else. */
  async function expectOneEach(step: () => Promise<unknown>, to: TestUser[], subject: RegExp) {
    const before = snapshot();
    await step();
    const got = await newMailsSince(before);
    for (const user of everyone()) {
      const mails = got.get(user)!;
      const summary = mails.map((m) => m.subject).join(' | ');
      expect(mails, `${user.user.username}: ${summary}`).toHaveLength(to.includes(user) ? 1 : 0);
      if (mails[0]) expect(mails[0].subject).toMatch(subject);
    }
    return to.map((u) => got.get(u)![0]!);
  }
  /** The button's link: on the public address, to `pathname`, which is a page of the web app. */
  function expectWorkingLink(mail: ParsedMail, pathname: string) {
    const links = linksOf(mail);
    const button = links.find(
      (l) => l.startsWith(PUBLIC_URL) && !l.includes('/unsubscribe/') && !l.endsWith('/profile'),
    );
    expect(button, `links: ${links.join(' ')}`).toBeDefined();
    const url = new URL(button!);
    expect(url.pathname).toBe(pathname);
    expect(
      routes.some((r) => r.test(url.pathname)),
      `${url.pathname} is not a page of the web app`,
    ).toBe(true);
    expect(mail.text).toContain(button!);
  }
  const ok = async (res: Promise<{ status: number; body: unknown }>, status = 200) => {
    const answer = await res;
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    return answer;
  };

  it('the buyer confirms delivery: one e-mail to the seller, none to the buyer', async () => {
    const { product } = await shippedSale(t, seller, ana, 'Hot Wheels entregado correo');
    await send();
    const [toSeller] = await expectOneEach(
      () =>
        ok(
          t.request('POST', '/api/products/confirm_delivery', {
            token: ana.token,
            body: { product_id: product.id },
          }),
        ),
      [seller],
      /entregado/i,
    );
    expect(toSeller!.text).toContain('Hot Wheels entregado correo');
    expectWorkingLink(toSeller!, '/seller/payments');
  });

  it('every claim step e-mails each notified party once', async () => {
    const { product } = await shippedSale(t, seller, ana, 'Funko reclamado correo');
    await send();
    let claimId = 0;
    const [opened] = await expectOneEach(
      async () => {
        claimId = (await openedClaim(t, ana, product.id)).id;
      },
      [seller],
      /reclamo/i,
    );
    expectWorkingLink(opened!, `/claims/${claimId}`);
    const message = (who: TestUser, text: string) =>
      ok(t.request('POST', `/api/claims/${claimId}/messages`, { token: who.token, body: { text } }), 201);

    const [buyerWrote] = await expectOneEach(
      () => message(ana, 'La caja llegó aplastada por un lado.'),
      [seller],
      /mensaje/i,
    );
    expectWorkingLink(buyerWrote!, `/claims/${claimId}`);
    await expectOneEach(() => message(seller, 'Lo siento, reviso el empaque.'), [ana], /mensaje/i);

    const escalated = await expectOneEach(
      () => ok(t.request('POST', `/api/claims/${claimId}/escalate`, { token: seller.token })),
      [ana],
      /escalado/i,
    );
    expectWorkingLink(escalated[0]!, `/claims/${claimId}`);
    await expectOneEach(
      () => message(operator, 'Estamos revisando las fotos del envío.'),
      [ana, seller],
      /mensaje/i,
    );
    const resolved = await expectOneEach(
      () =>
        ok(
          t.request('POST', `/api/admin/claims/${claimId}/resolve`, {
            token: operator.token,
            body: { outcome: 'refund', note: 'El empaque no protegía el producto.' },
          }),
        ),
      [ana, seller],
      /resuelto/i,
    );
    for (const mail of resolved) expectWorkingLink(mail, `/claims/${claimId}`);

    // The seller refunds a second claim at once: the buyer alone is told.
    const second = await shippedSale(t, seller, beto, 'Lego reembolsado correo');
    await send();
    const other = await openedClaim(t, beto, second.product.id);
    await send();
    const [refunded] = await expectOneEach(
      () => ok(t.request('POST', `/api/claims/${other.id}/refund`, { token: seller.token })),
      [beto],
      /reembolso/i,
    );
    expectWorkingLink(refunded!, `/claims/${other.id}`);
  });

  it('bids never wait on SMTP, stalled or down; the outbid e-mails arrive once when it is back', async () => {
    const now = t.ctx.clock.now();
    const products: Array<{ auctionId: number; productId: number }> = [];
    for (let i = 0; i < 30; i++) {
      const { auction, products: inserted } = await insertAuction(t.ctx.db, seller.user.id, {
        now,
        productCount: 1,
        durationHours: 24,
      });
      products.push({ auctionId: auction.id, productId: inserted[0]!.id });
    }
    const bid = async (user: TestUser, index: number, amount: number) => {
      const { auctionId, productId } = products[index]!;
      const res = await t.request('POST', '/api/bids/create-bid', {
        token: user.token,
        body: { auction_id: auctionId, product_id: productId, amount },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    /** Ana then Beto on each of ten products: Ana outbid on each product. */
    const round = async (from: number, to = from + 10) => {
      for (let i = from; i < to; i++) {
        await bid(ana, i, 100_000);
        await bid(beto, i, 110_000);
      }
    };
    const anaBefore = smtp.to(ana.user.email).length;
    const betoBefore = smtp.to(beto.user.email).length;
    // Timed jobs run back to back meanwhile, as the production loop runs them, so the sending
    // job meets the stall and the outage during the bids. (The runner's own loop is not used:
    // stopping it ends the runner for the rest of the file.)
    let looping = true;
    const loop = (async () => {
      while (looping) {
        await t.ctx.jobs.runDue();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    let release = () => {};
    try {
      // A stalled SMTP server: it holds the first outbid e-mail and answers nothing until
      // released. The bids placed while it holds must all be answered: a bid that waited on the
      // mail transport would wait here forever (no timing involved).
      let stalled = false;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      smtp.hooks.beforeAccept = () => {
        stalled = true;
        return held;
      };
      await round(20, 21);
      while (!stalled) await new Promise((r) => setTimeout(r, 20));
      await round(21, 30);
      // Still held, and never given up on: bids that waited would have let the transport's
      // socket timeout fail the send first.
      expect(smtp.to(ana.user.email).length).toBe(anaBefore);
      expect(
        await t.ctx.db.selectFrom('mail_outbox').select('id').where('last_error', 'is not', null).execute(),
      ).toEqual([]);
      release();
      smtp.hooks.beforeAccept = undefined;
      while (smtp.to(ana.user.email).length < anaBefore + 10) await new Promise((r) => setTimeout(r, 20));
      // SMTP down: connections refused. Bids are still answered.
      await smtp.stop();
      await round(0);
      // Within 30 minutes Ana is outbid again on product 0: no second e-mail for it.
      await bid(ana, 0, 120_000);
      await bid(beto, 0, 130_000);
      // SMTP comes back once the job has tried (and failed) every e-mail of the outage.
      const untried = () =>
        t.ctx.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('last_error', 'is', null)
          .execute();
      while ((await untried()).length > 0) await new Promise((r) => setTimeout(r, 20));
      await smtp.start();
      // Fresh products again, so each round enqueues the same e-mails for the job to send.
      await round(10);
    } finally {
      release();
      smtp.hooks.beforeAccept = undefined;
      looping = false;
      await loop;
    }
    // The outage was real: the job met it, and the e-mails it refused wait for their retry.
    const refused = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts'])
      .where('kind', '=', 'outbid')
      .where('last_error', 'is not', null)
      .execute();
    // Ana's ten of the outage round and Beto's one.
    expect(refused).toHaveLength(11);
    expect(refused.every((row) => row.status === 'pending' && row.attempts === 1)).toBe(true);
    // Refused messages wait a minute before their next attempt.
    await t.advanceClock(2 * 60);
    await send();
    const toAna = smtp.to(ana.user.email).slice(anaBefore);
    const toBeto = smtp.to(beto.user.email).slice(betoBefore);
    const outbidLinks = (mails: ParsedMail[]) =>
      mails
        .filter((m) => /superado/i.test(m.subject ?? ''))
        .map((m) => new URL(linksOf(m).find((l) => l.startsWith(PUBLIC_URL))!).pathname)
        .sort();
    // Ana: exactly one per product, whether SMTP was up or down when she was outbid.
    const expected = products.map((p) => `/auctions/product/${p.productId}`).sort();
    expect(outbidLinks(toAna)).toEqual(expected);
    // Beto: outbid once, on product 0, during the outage.
    expect(outbidLinks(toBeto)).toEqual([`/auctions/product/${products[0]!.productId}`]);
    expectWorkingLink(toAna[0]!, outbidLinks([toAna[0]!])[0]!);

    // Nothing is sent twice.
    await t.advanceClock(2 * 3600);
    await send();
    expect(smtp.to(ana.user.email).slice(anaBefore)).toHaveLength(toAna.length);
    expect(smtp.to(beto.user.email).slice(betoBefore)).toHaveLength(toBeto.length);
    expect(
      await t.ctx.db.selectFrom('mail_outbox').select('id').where('status', '<>', 'sent').execute(),
    ).toEqual([]);
  });

  it('ending soon: one e-mail to the watcher 15 minutes before the end', async () => {
    await relogin();
    const { products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      durationHours: 1,
      product: { name: 'Matchbox por terminar correo' },
    });
    const product = products[0]!;
    await ok(t.request('POST', `/api/watchlist/${product.id}`, { token: beto.token }));
    await send();
    const before = snapshot();
    await t.advanceClock(44 * 60);
    expect((await newMailsSince(before)).get(beto)).toEqual([]);
    const [warned] = await expectOneEach(() => t.advanceClock(2 * 60), [beto], /.+/);
    expect(warned!.text).toContain('Matchbox por terminar correo');
    expectWorkingLink(warned!, `/auctions/product/${product.id}`);
    // Never a second warning for the same auction.
    const after = snapshot();
    await t.advanceClock(5 * 60);
    const later = await newMailsSince(after);
    expect(later.get(beto)!.filter((m) => m.text?.includes('Matchbox por terminar correo'))).toEqual([]);
  });

  it('an unconfirmed shipment delivered by the job, then its payout available: one e-mail each to the seller', async () => {
    await relogin();
    const name = 'Tamiya sin confirmar correo';
    await shippedSale(t, seller, beto, name);
    await send();
    const mailsAbout = (user: TestUser, from: number) =>
      smtp
        .to(user.user.email)
        .slice(from)
        .filter((m) => m.text?.includes(name));
    const sellerBefore = smtp.to(seller.user.email).length;
    const buyerBefore = smtp.to(beto.user.email).length;
    await t.advanceClock((AUTO_DELIVERY_DAYS * 24 + 1) * 3600);
    await send();
    const delivered = mailsAbout(seller, sellerBefore);
    expect(delivered.map((m) => m.subject)).toEqual(['Producto entregado']);
    expectWorkingLink(delivered[0]!, '/seller/payments');
    await t.advanceClock((DEFAULT_CLAIM_WINDOW_DAYS * 24 + 1) * 3600);
    await send();
    const available = mailsAbout(seller, sellerBefore);
    expect(available.map((m) => m.subject)).toEqual(['Producto entregado', 'Pago disponible']);
    expectWorkingLink(available[1]!, '/seller/payments');
    expect(mailsAbout(beto, buyerBefore)).toEqual([]);
  });
});
