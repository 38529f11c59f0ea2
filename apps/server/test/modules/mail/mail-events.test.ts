import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { insertProduct } from '../../factories/products.ts';
import { insertBuyer, insertPaidBuyNowSale, ship, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { openedClaim } from '../claims/claims-support.ts';
import { insertBankAccount, insertOperator, insertSaleWithPayout } from '../operator/operator-support.ts';
import { linksOf, rawHeader, type SmtpSink, startSmtpSink } from './smtp-sink.ts';

const PUBLIC_URL = 'https://subastas.example.co';

/** Each event sends one e-mail, through a real SMTP server, to the right person with its link. */
describe('e-mail for each event', { timeout: 240_000 }, () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let seller: TestUser;
  let ana: TestUser;
  let beto: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
    seller = await insertUserWithToken(t, { is_seller: true, username: 'm_vendedora' });
    ana = await insertBuyer(t, 'm_ana');
    beto = await insertBuyer(t, 'm_beto');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const send = () => t.ctx.jobs.runDue();
  /** The messages to `user` whose subject matches, after the queue has drained. */
  async function mailsTo(user: { user: { email: string } } | string, subject: RegExp): Promise<ParsedMail[]> {
    await send();
    const address = typeof user === 'string' ? user : user.user.email;
    return smtp.to(address).filter((m) => subject.test(m.subject ?? ''));
  }
  /** The one message's button link: on the public address, to `path`. */
  function expectLink(mail: ParsedMail, path: string | RegExp) {
    const links = linksOf(mail);
    const match = links.find(
      (l) => l.startsWith(PUBLIC_URL) && !l.includes('/unsubscribe/') && !l.endsWith('/profile'),
    );
    expect(match, `links: ${links.join(' ')}`).toBeDefined();
    const pathname = new URL(match!).pathname;
    if (typeof path === 'string') expect(pathname).toBe(path);
    else expect(pathname).toMatch(path);
    // The plain-text part carries the same link.
    expect(mail.text).toContain(match!);
  }
  const bid = (user: TestUser, auctionId: number, productId: number, amount: number) =>
    t.request('POST', '/api/bids/create-bid', {
      token: user.token,
      body: { auction_id: auctionId, product_id: productId, amount },
    });

  it('outbid: one e-mail per product per 30 minutes; won with the payment link; the payment reminder once', async () => {
    const now = t.ctx.clock.now();
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now,
      productCount: 1,
      durationHours: 2,
    });
    const product = products[0]!;
    expect((await bid(ana, auction.id, product.id, 100_000)).status).toBe(201);
    expect((await bid(beto, auction.id, product.id, 110_000)).status).toBe(201);
    expect((await bid(ana, auction.id, product.id, 120_000)).status).toBe(201);
    expect((await bid(beto, auction.id, product.id, 130_000)).status).toBe(201);
    // Ana was outbid twice within minutes: one e-mail; Beto once.
    const toAna = await mailsTo(ana, /superado/);
    expect(toAna).toHaveLength(1);
    expect(await mailsTo(beto, /superado/)).toHaveLength(1);
    expectLink(toAna[0]!, `/auctions/product/${product.id}`);
    expect(rawHeader(toAna[0]!, 'list-unsubscribe')).toMatch(new RegExp(`^<${PUBLIC_URL}/unsubscribe/`));
    expect(rawHeader(toAna[0]!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(toAna[0]!.text).toContain('/unsubscribe/');

    // After 30 minutes the next outbid on the same product is e-mailed again.
    await t.advanceClock(31 * 60);
    ana.token = await t.login(ana.user.email, TEST_PASSWORD);
    expect((await bid(ana, auction.id, product.id, 140_000)).status).toBe(201);
    expect((await bid(beto, auction.id, product.id, 150_000)).status).toBe(201);
    expect(await mailsTo(ana, /superado/)).toHaveLength(2);

    // The auction ends: Beto won, with the link to pay.
    await t.advanceClock(2 * 3600);
    const won = await mailsTo(beto, /ganaste|Ganaste/i);
    expect(won).toHaveLength(1);
    expectLink(won[0]!, '/auctions/won/');
    expect(await mailsTo(ana, /ganaste|Ganaste/i)).toHaveLength(0);

    // 24 hours before the 72-hour payment window ends: one reminder, never a second.
    await t.advanceClock(47 * 3600);
    expect(await mailsTo(beto, /24 horas/)).toHaveLength(0);
    await t.advanceClock(2 * 3600);
    await t.advanceClock(3600);
    const reminders = await mailsTo(beto, /24 horas/);
    expect(reminders).toHaveLength(1);
    expectLink(reminders[0]!, '/auctions/won/');
  });

  it('payment confirmed to the buyer, sold to the seller, shipped, a claim step to the seller', async () => {
    const { product } = await insertPaidBuyNowSale(t, seller, ana, 55_000, 'Greenlight Bronco correo');
    const buyerMails = (await mailsTo(ana, /.*/)).filter((m) => m.text?.includes('Greenlight Bronco correo'));
    const sellerMails = (await mailsTo(seller, /.*/)).filter((m) =>
      m.text?.includes('Greenlight Bronco correo'),
    );
    expect(buyerMails).toHaveLength(1);
    expect(sellerMails).toHaveLength(1);
    expectLink(sellerMails[0]!, '/products/sold/');

    await ship(t, seller, product.id);
    const shipped = (await mailsTo(ana, /.*/)).filter((m) => m.text?.includes('Greenlight Bronco correo'));
    expect(shipped).toHaveLength(2);
    expect(shipped[1]!.subject).not.toBe(shipped[0]!.subject);

    const before = smtp.to(seller.user.email).length;
    await openedClaim(t, ana, product.id);
    await send();
    const claimMails = smtp.to(seller.user.email).slice(before);
    expect(claimMails).toHaveLength(1);
    expectLink(claimMails[0]!, /^\/(reclamos|claims|products)/);
  });

  it('question received by the seller, answered to the asker', async () => {
    const product = await insertProduct(t.ctx.db, seller.user.id, { name: 'Skyline correo' });
    const before = smtp.to(seller.user.email).length;
    const asked = await t.request('POST', '/api/questions', {
      token: beto.token,
      body: { product_id: product.id, text: '¿Viene en su caja original?' },
    });
    expect(asked.status).toBe(201);
    await send();
    const received = smtp.to(seller.user.email).slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]!.text).toContain('Skyline correo');
    const answered = await t.request('POST', `/api/questions/${asked.body.question.id}/answer`, {
      token: seller.token,
      body: { text: 'Sí, caja original sin abrir.' },
    });
    expect(answered.status).toBe(200);
    const answers = (await mailsTo(beto, /.*/)).filter((m) => m.text?.includes('Skyline correo'));
    expect(answers).toHaveLength(1);
  });

  it('payout paid to the seller', async () => {
    const operator = await insertOperator(t, 'm_operadora');
    const sale = await insertSaleWithPayout(t, {
      sellerId: seller.user.id,
      buyerId: ana.user.id,
      status: 'payable',
      productName: 'Venta pagada por correo',
    });
    await insertBankAccount(t, seller.user.id);
    const before = smtp.to(seller.user.email).length;
    const res = await t.request('POST', '/api/admin/payouts/mark-paid', {
      token: operator.token,
      body: { payout_ids: [sale.payoutId], reference: 'TRF-MAIL' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await send();
    const paid = smtp.to(seller.user.email).slice(before);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.text).toContain('Venta pagada por correo');
  });

  it('invitation carries its link; password changed and logout everywhere are security notices', async () => {
    const operator = await insertOperator(t, 'm_operador2');
    const invited = await t.request('POST', '/api/admin/users', {
      token: operator.token,
      body: { email: 'invitada.correo@example.com', username: 'm_invitada' },
    });
    expect(invited.status).toBe(201);
    const invitations = await mailsTo('invitada.correo@example.com', /invitaron/);
    expect(invitations).toHaveLength(1);
    expect(linksOf(invitations[0]!)).toContain(invited.body.invite_url);
    expect(invitations[0]!.text).toContain(invited.body.invite_url);
    expect(rawHeader(invitations[0]!, 'list-unsubscribe')).toBeUndefined();

    const user = await insertUserWithToken(t, { username: 'm_segura' });
    const changed = await t.request('POST', '/api/users/change-password', {
      token: user.token,
      body: { current_password: TEST_PASSWORD, new_password: 'OtraClave456!' },
    });
    expect(changed.status).toBe(200);
    expect(await mailsTo(user, /contraseña/)).toHaveLength(1);
    const fresh = await t.login(user.user.email, 'OtraClave456!');
    expect((await t.request('POST', '/api/users/logout-all', { token: fresh })).status).toBeLessThan(300);
    const ended = await mailsTo(user, /sesiones/);
    expect(ended).toHaveLength(1);
    expect(rawHeader(ended[0]!, 'list-unsubscribe')).toBeUndefined();
  });
});
