import { followMessages, userMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngDataUrl } from '../../factories/images.ts';
import { type ReferenceIds, referenceIds } from '../../factories/products.ts';
import { insertUserWithToken, TEST_PASSWORD } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';
import { followNotices, listings, secondsToBogotaLateEvening, type User } from './follows-helpers.ts';

describe('following sellers', { timeout: 240_000 }, () => {
  let t: TestApp;
  let ids: ReferenceIds;
  let image: string;
  let seller: User;
  let buyer: User;
  let list: ReturnType<typeof listings>;

  beforeAll(async () => {
    t = await startTestApp();
    ids = await referenceIds(t.ctx.db);
    image = await pngDataUrl({ width: 800, height: 600 });
    seller = await insertUserWithToken(t, { is_seller: true, username: 'f_vendedora' });
    buyer = await insertUserWithToken(t, { username: 'f_compradora' });
    list = listings(
      t,
      () => ids,
      () => image,
    );
  }, 120_000);
  afterAll(() => t?.close());

  const follow = (who: User | undefined, username: string) =>
    t.request('POST', `/api/follows/${encodeURIComponent(username)}`, { token: who?.token });
  const unfollow = (who: User | undefined, username: string) =>
    t.request('DELETE', `/api/follows/${encodeURIComponent(username)}`, { token: who?.token });
  const rows = (sellerId: number) =>
    t.ctx.db.selectFrom('seller_follows').selectAll().where('seller_id', '=', sellerId).execute();
  const profile = async (username: string) =>
    (await t.request('GET', `/api/users/public/${username}`)).body.followers_count as number;

  it('follows, answers the state, lists the sellers followed, and unfollows; twice is once', async () => {
    const other = await insertUserWithToken(t, { is_seller: true, username: 'f_otro' });
    const res = await follow(buyer, 'F_Vendedora');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      username: 'f_vendedora',
      following: true,
      followers_count: 1,
      message: followMessages.followed('f_vendedora'),
    });
    expect((await follow(buyer, 'f_vendedora')).body).toMatchObject({ following: true, followers_count: 1 });
    expect(await rows(seller.user.id)).toHaveLength(1);
    await t.ctx.clock.advance(5);
    expect((await follow(buyer, 'f_otro')).status).toBe(200);

    const state = await t.request('GET', '/api/follows/f_vendedora', { token: buyer.token });
    expect(state.body).toEqual({ username: 'f_vendedora', following: true, followers_count: 1 });
    const listed = await t.request('GET', '/api/follows', { token: buyer.token });
    expect(listed.status).toBe(200);
    expect(listed.body.meta).toEqual({ total: 2, pages: 1, page: 1, size: 20 });
    expect(listed.body.data.map((s: { username: string }) => s.username)).toEqual(['f_otro', 'f_vendedora']);
    expect(listed.body.data[0]).toEqual({
      id: other.user.id,
      username: 'f_otro',
      avatar: null,
      is_seller: true,
      followers_count: 1,
      followed_at: expect.stringMatching(/Z$/),
    });
    const second = await t.request('GET', '/api/follows?page=2&size=1', { token: buyer.token });
    expect(second.body.data.map((s: { username: string }) => s.username)).toEqual(['f_vendedora']);
    expect(second.body.meta).toEqual({ total: 2, pages: 2, page: 2, size: 1 });
    expect((await t.request('GET', '/api/follows?size=101', { token: buyer.token })).status).toBe(400);
    // Someone else's list is their own.
    expect((await t.request('GET', '/api/follows', { token: seller.token })).body.data).toEqual([]);

    const gone = await unfollow(buyer, 'f_otro');
    expect(gone.body).toEqual({
      username: 'f_otro',
      following: false,
      followers_count: 0,
      message: followMessages.unfollowed('f_otro'),
    });
    expect((await unfollow(buyer, 'f_otro')).status).toBe(200);
    expect(await rows(other.user.id)).toEqual([]);
  });

  it('refuses following oneself (400, Spanish), an unknown user (404), and calls without a login (401)', async () => {
    const self = await follow(seller, 'f_vendedora');
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 'CANNOT_FOLLOW_SELF', message: followMessages.self });
    expect(await rows(seller.user.id)).toHaveLength(1);
    for (const call of [follow, unfollow]) {
      const unknown = await call(buyer, 'f_nadie');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'USER_NOT_FOUND', message: userMessages.userNotFound });
      expect((await call(undefined, 'f_vendedora')).status).toBe(401);
    }
    expect((await follow(buyer, 'f_\u0000x')).status).toBe(404);
    expect((await t.request('GET', '/api/follows/f_nadie', { token: buyer.token })).status).toBe(404);
    expect((await t.request('GET', '/api/follows')).status).toBe(401);
  });

  it('simultaneous follows store one row and all answer 200', async () => {
    const racer = await insertUserWithToken(t, { username: 'f_prisa' });
    const target = await insertUserWithToken(t, { is_seller: true, username: 'f_popular' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => follow(racer, 'f_popular')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await rows(target.user.id)).toHaveLength(1);
    expect(await profile('f_popular')).toBe(1);
  });

  it('the public profile carries followers_count', async () => {
    const star = await insertUserWithToken(t, { is_seller: true, username: 'f_estrella' });
    expect(await profile('f_estrella')).toBe(0);
    const fans = [await insertUserWithToken(t), await insertUserWithToken(t)];
    for (const fan of fans) await follow(fan, 'f_estrella');
    expect(await profile('f_estrella')).toBe(2);
    const byId = await t.request('GET', `/api/users/public/id/${star.user.id}`);
    expect(byId.body.followers_count).toBe(2);
    await unfollow(fans[0], 'f_estrella');
    expect(await profile('f_estrella')).toBe(1);
  });

  it('a follower hears once per seller per Bogotá day: two listings in a day one notice, the next day another', async () => {
    const maker = await insertUserWithToken(t, { is_seller: true, username: 'f_creadora' });
    const fan = await insertUserWithToken(t, { username: 'f_fan' });
    const former = await insertUserWithToken(t, { username: 'f_ex_fan' });
    const stranger = await insertUserWithToken(t, { username: 'f_ajena' });
    await follow(fan, 'f_creadora');
    await follow(former, 'f_creadora');
    await unfollow(former, 'f_creadora');
    // Late evening in Bogotá, so an hour later is the next day there (still the same UTC day for part of it).
    await t.advanceClock(secondsToBogotaLateEvening(t));

    const auctionId = await list.startAuction(maker, 'Clásicos de los 80');
    const first = await followNotices(t, fan.user.id);
    expect(first).toEqual([
      {
        title: followMessages.noticeTitle('f_creadora'),
        message: followMessages.auctionNotice('f_creadora', 'Clásicos de los 80'),
        link: `/auctions/products/${auctionId}`,
        created_at: expect.any(Date),
      },
    ]);
    // The same Bogotá day: a buy-now listing and another auction tell nothing more.
    await list.listBuyNow(maker, 'Tomica Limited');
    await list.startAuction(maker, 'Otra del mismo día');
    expect(await followNotices(t, fan.user.id)).toHaveLength(1);
    // A product not to buy now is no listing to hear of.
    await t.advanceClock(3600);
    await list.listBuyNow(maker, 'Solo para subasta', false);
    expect(await followNotices(t, fan.user.id)).toHaveLength(1);
    // 00:30 in Bogotá: a new day.
    const productId = await list.listBuyNow(maker, 'Majorette Porsche');
    const next = await followNotices(t, fan.user.id);
    expect(next).toHaveLength(2);
    expect(next[1]).toMatchObject({
      message: followMessages.productNotice('f_creadora', 'Majorette Porsche'),
      link: `/products/buy/${productId}`,
    });
    // Unfollowed, never followed, and the seller themself: nothing.
    for (const nobody of [former, stranger, maker])
      expect(await followNotices(t, nobody.user.id)).toEqual([]);
  });

  it('two auctions of one seller starting at once notify a follower once', async () => {
    const twin = await insertUserWithToken(t, { is_seller: true, username: 'f_gemela' });
    const fan = await insertUserWithToken(t, { username: 'f_fan_gemela' });
    await follow(fan, 'f_gemela');
    await t.advanceClock(86_400);
    await Promise.all([list.startAuction(twin, 'Una'), list.startAuction(twin, 'Otra')]);
    expect(await followNotices(t, fan.user.id)).toHaveLength(1);
  });

  it('the export lists who one follows; erasing an account removes its follows both ways', async () => {
    const leaving = await insertUserWithToken(t, { username: 'f_se_va' });
    const fan = await insertUserWithToken(t, { username: 'f_fan_de_quien_se_va' });
    await insertUserWithToken(t, { is_seller: true, username: 'f_tienda' });
    await follow(leaving, 'f_tienda');
    await follow(fan, 'f_se_va');
    const exported = await t.request('GET', '/api/users/me/export', { token: leaving.token });
    expect(exported.status).toBe(200);
    expect(exported.body.following).toEqual([
      { username: 'f_tienda', followed_at: expect.stringMatching(/Z$/) },
    ]);
    expect((await t.request('GET', '/api/users/me/export', { token: fan.token })).body.following).toEqual([
      { username: 'f_se_va', followed_at: expect.any(String) },
    ]);

    const deleted = await t.request('POST', '/api/users/me/delete', {
      token: leaving.token,
      body: { password: TEST_PASSWORD },
    });
    expect(deleted.status).toBe(200);
    const left = await t.ctx.db
      .selectFrom('seller_follows')
      .selectAll()
      .where((eb) => eb.or([eb('follower_id', '=', leaving.user.id), eb('seller_id', '=', leaving.user.id)]))
      .execute();
    expect(left).toEqual([]);
    expect(await profile('f_tienda')).toBe(0);
    expect((await t.request('GET', '/api/follows', { token: fan.token })).body.meta.total).toBe(0);
    // Others' follows stay.
    expect(await rows(seller.user.id)).toHaveLength(1);
  });
});
