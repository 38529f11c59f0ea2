import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../../factories/auctions.ts';
import { insertBuyer, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { type PushDeviceKeys, type PushSink, startPushSink } from './push-sink.ts';

/**
 * Pushes from the notifications' queue through a push service on this machine that checks each
 * one's VAPID signature and decrypts it (push-sink.ts). `*` lets the app call it over http on
 * 127.0.0.1; the endpoint rules are tested with the production list in push-endpoints.test.ts.
 */
describe('Web Push delivery', { timeout: 240_000 }, () => {
  let t: TestApp;
  let sink: PushSink;
  let seller: TestUser;
  let ana: TestUser;
  let beto: TestUser;
  let carla: TestUser;
  let anaPhoneToken: string;

  beforeAll(async () => {
    sink = await startPushSink();
    // Long enough that a push held for it would show in any request that waited on it.
    t = await startTestApp({ env: { PUSH_ENDPOINT_HOSTS: '*', PUSH_TIMEOUT_MS: '30000' } });
    seller = await insertUserWithToken(t, { is_seller: true, username: 'p_vendedora' });
    ana = await insertBuyer(t, 'p_ana');
    beto = await insertBuyer(t, 'p_beto');
    carla = await insertBuyer(t, 'p_carla');
    anaPhoneToken = await t.login(ana.user.email, TEST_PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  const subscribe = (token: string, device: PushDeviceKeys) =>
    t.request('POST', '/api/push/subscriptions', { token, body: device });
  const bid = (user: TestUser, auctionId: number, productId: number, amount: number) =>
    t.request('POST', '/api/bids/create-bid', {
      token: user.token,
      body: { auction_id: auctionId, product_id: productId, amount },
    });
  /** Runs the jobs (the sending one starts its requests) and waits for them to be settled. */
  async function sendQueued() {
    await t.advanceClock(1);
    await t.app.pushSending.drain();
  }
  async function newProduct() {
    const { auction, products } = await insertAuction(t.ctx.db, seller.user.id, {
      now: t.ctx.clock.now(),
      productCount: 1,
      durationHours: 4,
    });
    return { auctionId: auction.id, productId: products[0]!.id };
  }

  it('the public key, preferences with push all on at first', async () => {
    const key = await t.request('GET', '/api/push/public-key');
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.key, 'base64url')).toHaveLength(65);
    const prefs = await t.request('GET', '/api/notification-preferences', { token: ana.token });
    expect(prefs.status).toBe(200);
    expect(Object.keys(prefs.body.push).sort()).toEqual(Object.keys(prefs.body.email).sort());
    expect(Object.values(prefs.body.push).every((on) => on === true)).toBe(true);
  });

  it('an outbid pushes to every device of the outbid user and to nobody else', async () => {
    expect((await subscribe(ana.token, sink.device('ana-laptop'))).status).toBe(201);
    const phone = await subscribe(anaPhoneToken, sink.device('ana-phone'));
    expect(phone.status).toBe(201);
    expect(phone.body).toMatchObject({ current_session: true });
    expect((await subscribe(beto.token, sink.device('beto-phone'))).status).toBe(201);
    expect((await subscribe(carla.token, sink.device('carla-phone'))).status).toBe(201);

    const { auctionId, productId } = await newProduct();
    expect((await bid(ana, auctionId, productId, 100_000)).status).toBe(201);
    expect((await bid(beto, auctionId, productId, 110_000)).status).toBe(201);
    await sendQueued();

    expect(sink.invalid).toEqual([]);
    const key = (await t.request('GET', '/api/push/public-key')).body.key;
    for (const device of ['ana-laptop', 'ana-phone']) {
      const pushes = sink.to(device);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]!.payload).toEqual({
        title: expect.stringMatching(/superad/i),
        body: expect.any(String),
        url: `/auctions/product/${productId}`,
      });
      expect(pushes[0]!.vapidKey).toBe(key);
      expect(pushes[0]!.headers.urgency).toBe('high');
      expect(pushes[0]!.headers.topic).toMatch(/^outbid-/);
    }
    expect(sink.to('beto-phone')).toHaveLength(0);
    expect(sink.to('carla-phone')).toHaveLength(0);
    const left = await t.ctx.db.selectFrom('push_outbox').select('id').execute();
    expect(left).toHaveLength(0);
  });

  it('a push preference turned off stops that type only, and e-mail keeps its own', async () => {
    const prefs = (await t.request('GET', '/api/notification-preferences', { token: ana.token })).body;
    const saved = await t.request('PUT', '/api/notification-preferences', {
      token: ana.token,
      body: { email: prefs.email, push: { ...prefs.push, outbid: false } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.push.outbid).toBe(false);
    expect(saved.body.email.outbid).toBe(true);
    // A save that knows only e-mail leaves the push choices as they are.
    const emailOnly = await t.request('PUT', '/api/notification-preferences', {
      token: ana.token,
      body: { email: prefs.email },
    });
    expect(emailOnly.body.push.outbid).toBe(false);

    const before = sink.to('ana-phone').length;
    const { auctionId, productId } = await newProduct();
    expect((await bid(ana, auctionId, productId, 100_000)).status).toBe(201);
    expect((await bid(beto, auctionId, productId, 110_000)).status).toBe(201);
    // Beto is outbid in turn and still gets his (the preference is Ana's).
    expect((await bid(ana, auctionId, productId, 120_000)).status).toBe(201);
    await sendQueued();
    expect(sink.to('ana-phone')).toHaveLength(before);
    expect(sink.to('beto-phone').at(-1)!.payload.url).toBe(`/auctions/product/${productId}`);

    await t.request('PUT', '/api/notification-preferences', {
      token: ana.token,
      body: { email: prefs.email, push: prefs.push },
    });
  });

  it('a push service answering 410 removes that subscription', async () => {
    const gone = sink.device('carla-old', 'gone');
    expect((await subscribe(carla.token, gone)).status).toBe(201);
    const { auctionId, productId } = await newProduct();
    expect((await bid(carla, auctionId, productId, 100_000)).status).toBe(201);
    expect((await bid(beto, auctionId, productId, 110_000)).status).toBe(201);
    await sendQueued();
    // Her other device got it; the gone one is forgotten with its queue.
    expect(sink.to('carla-phone')).toHaveLength(1);
    const devices = await t.request('GET', '/api/push/subscriptions', { token: carla.token });
    expect(devices.body.data.map((d: { endpoint: string }) => d.endpoint)).toEqual([
      expect.stringContaining('carla-phone'),
    ]);
    expect(await t.ctx.db.selectFrom('push_outbox').select('id').execute()).toHaveLength(0);
  });

  it('a push service that stalls delays no request and no other push; it is retried later', async () => {
    sink.setBehaviour('beto-phone', 'stall');
    const { auctionId, productId } = await newProduct();
    expect((await bid(beto, auctionId, productId, 100_000)).status).toBe(201);
    const started = Date.now();
    expect((await bid(carla, auctionId, productId, 110_000)).status).toBe(201);
    await t.advanceClock(1);
    // The jobs ran and started the push; neither the bid nor the clock's run waited for it.
    await sink.until(() => sink.stalledCount() === 1);
    expect((await bid(beto, auctionId, productId, 120_000)).status).toBe(201);
    await t.advanceClock(1);
    await sink.until(() => sink.to('carla-phone').some((p) => p.payload.url.endsWith(`/${productId}`)));
    // Far below the push timeout (30 s) the requests would have waited out.
    expect(Date.now() - started).toBeLessThan(15_000);
    // Only the stalled push is still out (the sink sees Carla's before its sender has its answer).
    await sink.until(() => t.app.pushSending.inFlight() === 1);

    // The service drops the connection: the push waits and is tried again.
    sink.dropStalled();
    await t.app.pushSending.drain();
    const metrics = await fetch(`${t.url}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(/push_outbox_pending\{[^}]*\} 1/);
    expect(metrics).toMatch(/push_outbox_retrying\{[^}]*\} 1/);
    sink.setBehaviour('beto-phone', 'accept');
    await t.advanceClock(60);
    await t.app.pushSending.drain();
    expect(sink.to('beto-phone').at(-1)!.payload.url).toBe(`/auctions/product/${productId}`);
    expect(await t.ctx.db.selectFrom('push_outbox').select('id').execute()).toHaveLength(0);
  });

  it('at most 10 devices; subscribing one again is not another', async () => {
    const dora = await insertUserWithToken(t, { username: 'p_dora' });
    for (let i = 0; i < 10; i++)
      expect((await subscribe(dora.token, sink.device(`dora-${i}`))).status).toBe(201);
    const eleventh = await subscribe(dora.token, sink.device('dora-10'));
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.code).toBe('PUSH_DEVICE_LIMIT');
    expect((await subscribe(dora.token, sink.device('dora-3'))).status).toBe(201);
    const list = await t.request('GET', '/api/push/subscriptions', { token: dora.token });
    expect(list.body.meta.total).toBe(10);
  });

  it('logout of a session removes its device only; another user cannot remove a device', async () => {
    // Beto cannot remove Ana's phone (the answer is the same, nothing changes).
    const phone = sink.device('ana-phone');
    const attempt = await t.request('DELETE', '/api/push/subscriptions', {
      token: beto.token,
      body: { endpoint: phone.endpoint },
    });
    expect(attempt.status).toBe(200);
    const listed = async () =>
      (await t.request('GET', '/api/push/subscriptions', { token: ana.token })).body.data.map(
        (d: { endpoint: string }) => d.endpoint.split('/').at(-1),
      );
    expect((await listed()).sort()).toEqual(['ana-laptop', 'ana-phone']);

    expect((await t.request('POST', '/api/users/logout', { token: anaPhoneToken })).status).toBe(200);
    expect(await listed()).toEqual(['ana-laptop']);

    const removed = await t.request('DELETE', '/api/push/subscriptions', {
      token: ana.token,
      body: { endpoint: sink.device('ana-laptop').endpoint },
    });
    expect(removed.status).toBe(200);
    expect(await listed()).toEqual([]);
  });
});
