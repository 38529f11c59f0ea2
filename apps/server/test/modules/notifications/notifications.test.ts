import { notificationMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNotifications,
  publishNotifications,
} from '../../../src/modules/notifications/notifications.service.ts';
import { openNotificationsSocket, openSocket, wsUrl } from '../../factories/auctions.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

describe('notifications', () => {
  let t: TestApp;
  let ana: Awaited<ReturnType<typeof insertUserWithToken>>;
  let beto: Awaited<ReturnType<typeof insertUserWithToken>>;

  beforeAll(async () => {
    t = await startTestApp();
    ana = await insertUserWithToken(t);
    beto = await insertUserWithToken(t);
  });
  afterAll(() => t?.close());

  /** Stores notifications one second apart, like events would. */
  async function notify(userId: number, count: number, prefix = 'Aviso') {
    const stored = [];
    for (let i = 0; i < count; i++) {
      t.ctx.clock.advance(1);
      const [n] = await createNotifications(
        t.ctx.db,
        [{ userId, type: 'system', title: `${prefix} ${i}`, message: `Mensaje ${i}` }],
        t.ctx.clock.now(),
      );
      stored.push(n!);
    }
    return stored;
  }

  it('lists only my notifications, newest first, paginated', async () => {
    await notify(ana.user.id, 5);
    await notify(beto.user.id, 2, 'Ajeno');
    const res = await t.request('GET', '/api/notifications?page=1&size=3', { token: ana.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((n: any) => n.title)).toEqual(['Aviso 4', 'Aviso 3', 'Aviso 2']);
    expect(res.body.meta).toEqual({ total: 5, pages: 2, page: 1, size: 3 });
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      title: 'Aviso 4',
      message: 'Mensaje 4',
      type: 'system',
      link: null,
      is_read: false,
      is_system: true,
      created_at: expect.stringMatching(/Z$/),
    });
    const second = await t.request('GET', '/api/notifications?page=2&size=3', { token: ana.token });
    expect(second.body.data.map((n: any) => n.title)).toEqual(['Aviso 1', 'Aviso 0']);
    for (const bad of ['size=101', 'page=0', 'size=x', 'unread_only=maybe']) {
      expect((await t.request('GET', `/api/notifications?${bad}`, { token: ana.token })).status).toBe(400);
    }
  });

  it('counts unread, marks my own as read, filters unread only', async () => {
    const user = await insertUserWithToken(t);
    const [first, second] = await notify(user.user.id, 2);
    let total = await t.request('GET', '/api/notifications/totals_unread', { token: user.token });
    expect(total.body).toEqual({ total: 2 });

    const res = await t.request('GET', `/api/notifications/mark_as_read/${first!.id}`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: first!.id, is_read: true });
    total = await t.request('GET', '/api/notifications/totals_unread', { token: user.token });
    expect(total.body).toEqual({ total: 1 });

    const unread = await t.request('GET', '/api/notifications?unread_only=true', { token: user.token });
    expect(unread.body.data.map((n: any) => n.id)).toEqual([second!.id]);
    const all = await t.request('GET', '/api/notifications?unread_only=false', { token: user.token });
    expect(all.body.data).toHaveLength(2);

    // Marking again is harmless.
    expect(
      (await t.request('GET', `/api/notifications/mark_as_read/${first!.id}`, { token: user.token })).status,
    ).toBe(200);
  });

  it("answers 404 for another user's notification and leaves it unread", async () => {
    const [theirs] = await notify(beto.user.id, 1, 'Privado');
    const res = await t.request('GET', `/api/notifications/mark_as_read/${theirs!.id}`, { token: ana.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(notificationMessages.notFound);
    const row = await t.ctx.db
      .selectFrom('notifications')
      .select('is_read')
      .where('id', '=', theirs!.id)
      .executeTakeFirstOrThrow();
    expect(row.is_read).toBe(false);
    expect(
      (await t.request('GET', '/api/notifications/mark_as_read/999999', { token: ana.token })).status,
    ).toBe(404);
    expect((await t.request('GET', '/api/notifications/mark_as_read/abc', { token: ana.token })).status).toBe(
      400,
    );
  });

  it('needs a token', async () => {
    expect((await t.request('GET', '/api/notifications')).status).toBe(401);
    expect((await t.request('GET', '/api/notifications/totals_unread')).status).toBe(401);
    expect((await t.request('GET', '/api/notifications/mark_as_read/1')).status).toBe(401);
    expect((await t.request('GET', '/api/notifications', { token: 'forged.token.value' })).status).toBe(401);
  });

  it('pushes new notifications and the unread count to my socket only', async () => {
    const user = await insertUserWithToken(t);
    const other = await insertUserWithToken(t);
    const mine = await openNotificationsSocket(t.url, user.token);
    const theirs = await openNotificationsSocket(t.url, other.token);
    expect(await mine.waitFor((m) => m.message === 'unread_count')).toEqual({
      message: 'unread_count',
      total: 0,
    });

    const stored = await createNotifications(
      t.ctx.db,
      [{ userId: user.user.id, type: 'system', title: 'En vivo', message: 'Llegó' }],
      t.ctx.clock.now(),
    );
    await publishNotifications(t.ctx.events, stored);
    const pushed = await mine.waitFor((m) => m.message === 'notification');
    expect(pushed.notification).toMatchObject({ title: 'En vivo', is_read: false });
    expect(pushed.notification.user_id).toBeUndefined();
    await mine.waitFor((m) => m.message === 'unread_count' && m.total === 1);

    // Reading it (say, in another tab) updates the count live.
    await t.request('GET', `/api/notifications/mark_as_read/${stored[0]!.id}`, { token: user.token });
    await mine.waitFor((m) => m.message === 'read' && m.id === stored[0]!.id);
    await mine.waitFor((m) => m.message === 'unread_count' && m.total === 0 && mine.messages.indexOf(m) > 2);

    await new Promise((r) => setTimeout(r, 100));
    expect(theirs.messages.filter((m) => m.message === 'notification')).toEqual([]);
    await mine.close();
    await theirs.close();
  });

  describe('socket authentication (first message, never the URL)', () => {
    const path = '/api/notifications/ws';
    const sendRaw = async (data: string | Buffer) => {
      const socket = await openSocket(wsUrl(t.url, path));
      socket.socket.send(data);
      return socket;
    };

    it('closes with 4401 for a forged, empty, oversized or non-string token', async () => {
      for (const token of ['abc.def.ghi', '', 'x'.repeat(5000), 42, null, { a: 1 }]) {
        const socket = await sendRaw(JSON.stringify({ type: 'auth', token }));
        expect(await socket.closed).toBe(4401);
        expect(socket.messages).toEqual([]);
      }
    });

    it('closes with 4401 when the first message is not an auth message', async () => {
      for (const first of [
        JSON.stringify({ type: 'hello', token: ana.token }),
        JSON.stringify({ token: ana.token }),
        JSON.stringify([ana.token]),
        JSON.stringify('auth'),
        'not json',
        ana.token,
        Buffer.from(JSON.stringify({ type: 'auth', token: ana.token })),
      ]) {
        const socket = await openSocket(wsUrl(t.url, path));
        if (Buffer.isBuffer(first)) socket.socket.send(first, { binary: true });
        else socket.socket.send(first);
        expect(await socket.closed).toBe(4401);
        expect(socket.messages).toEqual([]);
      }
    });

    it('refuses a token in the query string even when it is valid, with or without an auth message', async () => {
      const inUrl = await openSocket(wsUrl(t.url, `${path}?token=${ana.token}`));
      expect(await inUrl.closed).toBe(4401);
      expect(inUrl.messages).toEqual([]);
      const both = await openSocket(wsUrl(t.url, `${path}?token=${ana.token}`));
      both.socket.send(JSON.stringify({ type: 'auth', token: ana.token }));
      expect(await both.closed).toBe(4401);
      expect(both.messages).toEqual([]);
    });

    it('closes with 4401 for an expired token', async () => {
      const user = await insertUserWithToken(t);
      await t.advanceClock(8 * 24 * 3600);
      const socket = await openNotificationsSocket(t.url, user.token);
      expect(await socket.closed).toBe(4401);
      expect(socket.messages).toEqual([]);
    });

    it('closes with 4401 when no auth message arrives within a few seconds', async () => {
      const socket = await openSocket(wsUrl(t.url, path));
      const started = Date.now();
      expect(await socket.closed).toBe(4401);
      expect(Date.now() - started).toBeGreaterThan(3000);
      expect(socket.messages).toEqual([]);
    }, 10_000);

    it('messages after a successful auth do not re-authenticate or break the channel', async () => {
      const user = await insertUserWithToken(t);
      const socket = await openNotificationsSocket(t.url, user.token);
      await socket.waitFor((m) => m.message === 'unread_count');
      socket.socket.send(JSON.stringify({ type: 'auth', token: 'forged' }));
      socket.socket.send('garbage');
      const stored = await createNotifications(
        t.ctx.db,
        [{ userId: user.user.id, type: 'system', title: 'Sigue', message: 'Abierto' }],
        t.ctx.clock.now(),
      );
      await publishNotifications(t.ctx.events, stored);
      expect((await socket.waitFor((m) => m.message === 'notification')).notification.title).toBe('Sigue');
      await socket.close();
    });
  });
});
