import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentMessages as m } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  boldNotification,
  insertBuyNowProduct,
  insertShippingAddress,
  insertWonItem,
  signedDelivery,
} from '../../factories/payments.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

const API_KEY = 'fake-identity-key-DZSkDqh2iWmpYQg';
const SECRET_KEY = 'fake-secret-key-KVwpsp4WlWny';
const PUBLIC_URL = 'https://coleccionables.example';

interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: any;
}

/**
 * A local stand-in of Bold's integrations API (never the internet): the link endpoints the
 * provider calls, answering in the shapes of Bold's documentation.
 */
class FakeBold {
  server!: Server;
  url = '';
  requests: Recorded[] = [];
  mode: 'ok' | 'error' | 'garbage' | 'drop' = 'ok';
  links = new Map<string, Record<string, unknown>>();
  private counter = 0;

  async start() {
    this.server = createServer(async (req, res) => {
      const body = await readBody(req);
      const parsed = body ? JSON.parse(body) : null;
      this.requests.push({
        method: req.method!,
        url: req.url!,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: parsed,
      });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.headers.authorization !== `x-api-key ${API_KEY}`) return json(401, { message: 'Unauthorized' });
      if (this.mode === 'drop') return req.socket.destroy();
      if (this.mode === 'error')
        return json(500, { payload: null, errors: [{ code: 'INTERNAL', message: 'boom' }] });
      if (this.mode === 'garbage') return json(200, { payload: {} });
      if (req.method === 'POST' && req.url === '/online/link/v1') {
        this.counter += 1;
        const id = `LNK_FAKE${String(this.counter).padStart(6, '0')}`;
        this.links.set(id, {
          id,
          total: parsed.amount.total_amount,
          status: 'ACTIVE',
          reference: parsed.reference,
          transaction_id: null,
          is_sandbox: true,
          amount_type: 'CLOSE',
        });
        return json(200, {
          payload: { payment_link: id, url: `https://checkout.bold.co/payment/${id}` },
          errors: [],
        });
      }
      const match = /^\/online\/link\/v1\/(LNK_[A-Z0-9]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && match) {
        const link = this.links.get(match[1]!);
        return link ? json(200, link) : json(404, { errors: [{ message: 'not found' }] });
      }
      return json(404, { errors: [] });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  setLink(id: string, values: Record<string, unknown>) {
    this.links.set(id, { ...this.links.get(id), ...values });
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
  });
}

type User = Awaited<ReturnType<typeof insertUserWithToken>>;

describe('Bold provider against a local fake of Bold', () => {
  const bold = new FakeBold();
  let t: TestApp;
  let seller: User;
  let buyer: User;

  beforeAll(async () => {
    await bold.start();
    t = await startTestApp({
      env: {
        PAYMENTS_PROVIDER: 'bold',
        BOLD_API_KEY: API_KEY,
        BOLD_SECRET_KEY: SECRET_KEY,
        BOLD_API_URL: bold.url,
        PUBLIC_URL,
      },
    });
    seller = await insertUserWithToken(t, { is_seller: true, username: 'bold_vendedor' });
    buyer = await insertUserWithToken(t, { username: 'bold_comprador' });
    await insertShippingAddress(t.ctx.db, buyer.user.id, { is_default: true });
  });
  afterAll(async () => {
    await t?.close();
    await bold.close();
  });
  beforeEach(() => {
    bold.mode = 'ok';
    bold.requests = [];
  });

  const paymentRow = (id: string) =>
    t.ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const wonItem = (amountCentavos = 150_000_00) =>
    insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      amountCentavos,
      now: t.ctx.clock.now(),
      provider: 'bold',
    });

  it('creates a CLOSE link in whole COP with our reference, expiry and callback', async () => {
    const { auction, paymentId } = await wonItem();
    const res = await t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token });
    expect(res.status).toBe(201);
    expect(res.body.payment_link).toMatch(/^https:\/\/checkout\.bold\.co\/payment\/LNK_FAKE\d{6}$/);

    expect(bold.requests).toHaveLength(1);
    const sent = bold.requests[0]!;
    expect(sent).toMatchObject({
      method: 'POST',
      url: '/online/link/v1',
      authorization: `x-api-key ${API_KEY}`,
      contentType: 'application/json',
    });
    const row = await paymentRow(paymentId);
    expect(sent.body).toEqual({
      amount_type: 'CLOSE',
      amount: { currency: 'COP', total_amount: 150_000, tip_amount: 0, taxes: [] },
      reference: paymentId,
      description: `Subasta #${auction.id} · Hot Wheels Camaro 1969`,
      expiration_date: Math.floor(row.link_expires_at!.getTime() / 1000) * 1e9,
      callback_url: `${PUBLIC_URL}/payment?bold-order-id=${paymentId}`,
      payer_email: buyer.user.email,
    });
    // Nanoseconds since the epoch.
    expect(String(sent.body.expiration_date)).toHaveLength(19);
    expect(row).toMatchObject({ link_id: res.body.payment_link.split('/').pop(), status: 'pending' });
  });

  it('confirms from the link state when the webhook is late, once', async () => {
    const { product, paymentId } = await wonItem(90_000_00);
    const link = (await t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token })).body;
    const linkId = link.payment_link.split('/').pop() as string;
    const verify = () => t.request('GET', `/api/bold/verify/${paymentId}`, { token: buyer.token });

    expect((await verify()).body.status).toBe('pending');
    expect(bold.requests.at(-1)).toMatchObject({ method: 'GET', url: `/online/link/v1/${linkId}` });

    bold.setLink(linkId, { status: 'PROCESSING' });
    expect((await verify()).body.status).toBe('processing');

    bold.setLink(linkId, { status: 'PAID', transaction_id: 'CNPCGSPS2WBA8', payment_method: 'CARD_WEB' });
    const confirmed = await verify();
    expect(confirmed.body).toMatchObject({ status: 'confirmed', amount: 90_000 });
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'confirmed',
      provider_tx_id: 'CNPCGSPS2WBA8',
    });
    const sold = await t.ctx.db
      .selectFrom('products')
      .select('status')
      .where('id', '=', product.id)
      .executeTakeFirst();
    expect(sold?.status).toBe('sold');

    // Asking again and the webhook arriving afterwards change nothing more.
    bold.requests = [];
    expect((await verify()).body.status).toBe('confirmed');
    expect(bold.requests).toHaveLength(0);
    const d = signedDelivery(
      boldNotification({ reference: paymentId, totalPesos: 90_000, transactionId: 'CNPCGSPS2WBA8' }),
      SECRET_KEY,
    );
    const late = await t.request('POST', '/api/bold/webhook', { rawBody: d.rawBody, headers: d.headers });
    expect(late.body.result).toBe('unchanged');
    const payouts = await t.ctx.db
      .selectFrom('payouts')
      .select('id')
      .where('payment_id', '=', paymentId)
      .execute();
    expect(payouts).toHaveLength(1);
  });

  it('does not confirm from a link that names another reference or another amount', async () => {
    const one = await wonItem(50_000_00);
    const l1 = (await t.request('GET', `/api/bold/create/${one.paymentId}`, { token: buyer.token })).body;
    bold.setLink(l1.payment_link.split('/').pop(), { status: 'PAID', reference: 'someone-else' });
    expect(
      (await t.request('GET', `/api/bold/verify/${one.paymentId}`, { token: buyer.token })).body.status,
    ).toBe('pending');

    const two = await wonItem(50_000_00);
    const l2 = (await t.request('GET', `/api/bold/create/${two.paymentId}`, { token: buyer.token })).body;
    bold.setLink(l2.payment_link.split('/').pop(), { status: 'PAID', total: 1_000 });
    const res = await t.request('GET', `/api/bold/verify/${two.paymentId}`, { token: buyer.token });
    expect(res.body).toMatchObject({ status: 'rejected', message: m.amountMismatch });
  });

  it('answers 502 in Spanish when Bold fails, and keeps no half-made checkout', async () => {
    const { paymentId } = await wonItem();
    for (const mode of ['error', 'garbage', 'drop'] as const) {
      bold.mode = mode;
      const res = await t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: m.linkFailed, code: 'PAYMENT_PROVIDER_FAILED' });
    }
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'pending',
      payment_link: null,
      link_id: null,
    });

    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 30_000_00);
    bold.mode = 'error';
    const buy = await t.request('GET', `/api/bold/buy_product/${product.id}`, { token: buyer.token });
    expect(buy.status).toBe(502);
    const rows = await t.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('product_id', '=', product.id)
      .execute();
    expect(rows).toEqual([expect.objectContaining({ status: 'cancelled', payment_link: null })]);

    // A failing status query leaves the payment as it was.
    bold.mode = 'ok';
    const ok = (await t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token })).body;
    expect(ok.payment_link).toMatch(/^https:\/\/checkout\.bold\.co/);
    bold.mode = 'error';
    const verified = await t.request('GET', `/api/bold/verify/${paymentId}`, { token: buyer.token });
    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe('pending');
  });

  it('buys now through Bold: the checkout is Bold’s, the webhook confirms', async () => {
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 64_990_00, 'Funko Pop Bulma');
    const res = await t.request('GET', `/api/bold/buy_product/${product.id}`, { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.body.payment_link).toMatch(/^https:\/\/checkout\.bold\.co\/payment\/LNK_FAKE/);
    expect(bold.requests[0]!.body).toMatchObject({
      amount: { total_amount: 64_990 },
      description: 'Compra directa · Funko Pop Bulma',
      reference: res.body.payment_id,
    });
    const d = signedDelivery(
      boldNotification({ reference: res.body.payment_id, totalPesos: 64_990 }),
      SECRET_KEY,
    );
    // Bold's test-mode key (empty) or another key is not ours.
    const forged = signedDelivery(JSON.parse(d.rawBody), '');
    expect(
      (await t.request('POST', '/api/bold/webhook', { rawBody: forged.rawBody, headers: forged.headers }))
        .status,
    ).toBe(401);
    const ok = await t.request('POST', '/api/bold/webhook', { rawBody: d.rawBody, headers: d.headers });
    expect(ok.body.result).toBe('confirmed');
  });

  it('has no sandbox checkout when the provider is Bold', async () => {
    // (A GET may fall through to the web app's index page; never to a checkout.)
    const page = await fetch(`${t.url}/sandbox/bold/checkout/LNK_ABCDEF123456`);
    expect(await page.text()).not.toContain('Aprobar pago');
    expect(
      (await fetch(`${t.url}/sandbox/bold/checkout/LNK_ABCDEF123456/approve`, { method: 'POST' })).status,
    ).toBe(404);
  });
});

describe('Bold in production refuses payments made in Bold’s test mode', () => {
  const bold = new FakeBold();
  let t: TestApp;
  let seller: User;
  let buyer: User;

  beforeAll(async () => {
    await bold.start();
    t = await startTestApp({
      env: {
        NODE_ENV: 'production',
        TEST_CLOCK: '',
        PAYMENTS_PROVIDER: 'bold',
        BOLD_API_KEY: API_KEY,
        BOLD_SECRET_KEY: SECRET_KEY,
        BOLD_API_URL: bold.url,
        PUBLIC_URL,
        // Nothing listens there: e-mail stays queued, which this test does not look at.
        SMTP_URL: 'smtp://127.0.0.1:9',
      },
    });
    seller = await insertUserWithToken(t, { is_seller: true, username: 'prod_vendedor' });
    buyer = await insertUserWithToken(t, { username: 'prod_comprador' });
    await insertShippingAddress(t.ctx.db, buyer.user.id, { is_default: true });
  });
  afterAll(async () => {
    await t?.close();
    await bold.close();
  });

  const wonItem = () =>
    insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      amountCentavos: 80_000_00,
      now: t.ctx.clock.now(),
      provider: 'bold',
    });
  const status = async (id: string) =>
    (await t.ctx.db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('a paid link marked is_sandbox does not confirm the sale; a real one does', async () => {
    const { paymentId } = await wonItem();
    const link = (await t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token })).body;
    const linkId = link.payment_link.split('/').pop() as string;
    bold.setLink(linkId, { status: 'PAID', transaction_id: 'SANDBOXTX1', is_sandbox: true });
    const res = await t.request('GET', `/api/bold/verify/${paymentId}`, { token: buyer.token });
    expect(res.body.status).toBe('pending');
    expect(await status(paymentId)).toBe('pending');

    bold.setLink(linkId, { is_sandbox: false });
    const real = await t.request('GET', `/api/bold/verify/${paymentId}`, { token: buyer.token });
    expect(real.body.status).toBe('confirmed');
  });

  it('a signed notification marked is_sandbox changes nothing', async () => {
    const { paymentId } = await wonItem();
    const notification = boldNotification({ reference: paymentId, totalPesos: 80_000 });
    const d = signedDelivery(
      { ...notification, data: { ...notification.data, is_sandbox: true } },
      SECRET_KEY,
    );
    const res = await t.request('POST', '/api/bold/webhook', { rawBody: d.rawBody, headers: d.headers });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('ignored');
    expect(await status(paymentId)).toBe('pending');
  });
});
