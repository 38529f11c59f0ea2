import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentMessages as m } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOLD_TIMEOUT_MS, createBoldProvider } from '../../src/modules/payments/bold-provider.ts';
import { PaymentProviderTimeout } from '../../src/modules/payments/payment-provider.ts';
import { insertBuyNowProduct, insertShippingAddress, insertWonItem } from '../factories/payments.ts';
import { insertUserWithToken } from '../factories/users.ts';
import { startTestApp, type TestApp } from '../support/build-app.ts';
import { timed } from '../support/dependencies.ts';

const TIMEOUT_MS = 400;

/** Bold's address answering nothing: requests are read and then held open for ever. */
async function silentServer() {
  const held: IncomingMessage[] = [];
  const server: Server = createServer((req) => {
    held.push(req);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('Bold does not answer', () => {
  let bold: Awaited<ReturnType<typeof silentServer>>;
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof insertUserWithToken>>;
  let buyer: Awaited<ReturnType<typeof insertUserWithToken>>;

  beforeAll(async () => {
    bold = await silentServer();
    t = await startTestApp({
      env: {
        PAYMENTS_PROVIDER: 'bold',
        BOLD_API_KEY: 'fake-identity-key',
        BOLD_SECRET_KEY: 'fake-secret-key',
        BOLD_API_URL: bold.url,
        BOLD_TIMEOUT_MS: String(TIMEOUT_MS),
        PUBLIC_URL: 'https://coleccionables.example',
      },
    });
    seller = await insertUserWithToken(t, { is_seller: true });
    buyer = await insertUserWithToken(t);
    await insertShippingAddress(t.ctx.db, buyer.user.id, { is_default: true });
  });
  afterAll(async () => {
    await t?.close();
    await bold?.close();
  });

  it('waits 10 s by default', () => {
    expect(BOLD_TIMEOUT_MS).toBe(10_000);
  });

  it('the provider gives up after its timeout with a timeout error', async () => {
    const provider = createBoldProvider({ apiUrl: bold.url, apiKey: 'k', secretKey: 's', timeoutMs: 200 });
    const { value: error, ms } = await timed(() => provider.getLinkStatus('LNK_X').catch((e) => e));
    expect(error).toBeInstanceOf(PaymentProviderTimeout);
    expect(ms).toBeGreaterThanOrEqual(190);
    expect(ms).toBeLessThan(1500);
  });

  it('a payment link request fails cleanly in Spanish and changes nothing', async () => {
    const { paymentId } = await insertWonItem(t.ctx.db, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      now: t.ctx.clock.now(),
      provider: 'bold',
    });
    const before = await t.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    const heldBefore = bold.held.length;
    const { value: res, ms } = await timed(() =>
      t.request('GET', `/api/bold/create/${paymentId}`, { token: buyer.token }),
    );
    expect(bold.held.length).toBe(heldBefore + 1); // Bold was asked, and never answered
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ message: m.linkTimeout, code: 'PAYMENT_PROVIDER_TIMEOUT' });
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 10);
    expect(ms).toBeLessThan(TIMEOUT_MS + 1500);
    const after = await t.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('a buy-now through a silent Bold leaves the product for sale and no open payment', async () => {
    const product = await insertBuyNowProduct(t.ctx.db, seller.user.id, 30_000_00);
    const res = await t.request('GET', `/api/bold/buy_product/${product.id}`, { token: buyer.token });
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ message: m.linkTimeout, code: 'PAYMENT_PROVIDER_TIMEOUT' });
    const rows = await t.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('product_id', '=', product.id)
      .execute();
    expect(rows.every((r) => r.status === 'cancelled' && r.payment_link === null)).toBe(true);
    const row = await t.ctx.db
      .selectFrom('products')
      .select(['status'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('available');
  });
});
