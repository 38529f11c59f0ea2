import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combinedHelpers } from '../../factories/combined.ts';
import { approvePayment, insertBuyer, type TestUser } from '../../factories/sales.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

/*
 * Only one checkout link is live for an item: concurrent combined requests over overlapping
 * items, or a combined and a single checkout of one item, end with at most one, and a charge on
 * a link that lost still never sells an item twice.
 */
describe('combined payments under concurrency', { timeout: 300_000 }, () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let h: ReturnType<typeof combinedHelpers>;

  beforeAll(async () => {
    t = await startTestApp();
    h = combinedHelpers(t);
    seller = await insertUserWithToken(t, { is_seller: true, username: 'cmbr_vendedor' });
    buyer = await insertBuyer(t, 'cmbr_comprador');
  });
  afterAll(() => t?.close());

  it('two combined requests over overlapping items: one live link per item', async () => {
    const a = await h.wonItem(seller, buyer, 10_000, 'Carrera A');
    const b = await h.wonItem(seller, buyer, 20_000, 'Carrera B');
    const c = await h.wonItem(seller, buyer, 30_000, 'Carrera C');
    const [first, second] = await Promise.all([
      h.combine(buyer, [a.paymentId, b.paymentId]),
      h.combine(buyer, [c.paymentId, b.paymentId]),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await h.liveLinks(b.paymentId)).toBe(1);
    expect(await h.liveLinks(a.paymentId)).toBeLessThanOrEqual(1);
    expect(await h.liveLinks(c.paymentId)).toBeLessThanOrEqual(1);
    const states = await Promise.all([first, second].map((r) => h.combined(r.body.payment_id)));
    expect(states.map((s) => s.status).sort()).toEqual(['pending', 'superseded']);
    const loser = [first, second][states.findIndex((s) => s.status === 'superseded')]!;
    const winner = [first, second][states.findIndex((s) => s.status === 'pending')]!;
    // The link that lost is over at the sandbox too.
    expect((await fetch(loser.body.payment_link)).status).toBe(410);

    // Both charged anyway (the losing link paid in a tab left open): B is sold once, the second charge refunded whole.
    const paid = await Promise.all([
      approvePayment(t, first.body.payment_id, 30_000),
      approvePayment(t, second.body.payment_id, 50_000),
    ]);
    expect(paid.map((p) => p.body.result).sort()).toEqual(['confirmed', 'not_confirmed']);
    expect(await h.payouts(b.paymentId)).toHaveLength(1);
    expect(winner.body.payment_ids).toContain(b.paymentId);
  });

  it('a combined and a single checkout of one item at once: one live link for it', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await h.wonItem(seller, buyer, 10_000, `Doble A${round}`);
      const b = await h.wonItem(seller, buyer, 20_000, `Doble B${round}`);
      const [together, alone] = await Promise.all([
        h.combine(buyer, [a.paymentId, b.paymentId]),
        t.request('POST', `/api/bold/create/${a.paymentId}`, { token: buyer.token }),
      ]);
      expect(together.status).toBe(201);
      expect(alone.status).toBe(201);
      expect(await h.liveLinks(a.paymentId)).toBe(1);
      expect(await h.liveLinks(b.paymentId)).toBeLessThanOrEqual(1);
    }
  });

  it('a double click asks for the same items twice: one combined payment, one link', async () => {
    const a = await h.wonItem(seller, buyer, 10_000, 'Clic A');
    const b = await h.wonItem(seller, buyer, 20_000, 'Clic B');
    const answers = await Promise.all([
      h.combine(buyer, [a.paymentId, b.paymentId]),
      h.combine(buyer, [b.paymentId, a.paymentId]),
    ]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(answers[0]!.body.payment_id).toBe(answers[1]!.body.payment_id);
    expect(answers[0]!.body.payment_link).toBe(answers[1]!.body.payment_link);
    const again = await h.combine(buyer, [a.paymentId, b.paymentId]);
    expect(again.body.payment_id).toBe(answers[0]!.body.payment_id);
    expect(await h.liveLinks(a.paymentId)).toBe(1);
  });

  it('the webhook and the reconciliation job at once confirm a combined payment once', async () => {
    const a = await h.wonItem(seller, buyer, 13_000, 'Doble aviso A');
    const b = await h.wonItem(seller, buyer, 14_000, 'Doble aviso B');
    const res = await h.combine(buyer, [a.paymentId, b.paymentId]);
    const link = res.body.payment_link as string;
    expect((await h.press(link, 'approve-silently')).status).toBe(200);
    const tx = `SBX${link.split('/').pop()!.slice('LNK_'.length)}`;
    await Promise.all([
      t.advanceClock(15 * 60 + 1),
      approvePayment(t, res.body.payment_id, 27_000, tx),
      approvePayment(t, res.body.payment_id, 27_000, tx),
    ]);
    for (const item of [a, b]) {
      expect((await h.payment(item.paymentId)).status).toBe('confirmed');
      expect(await h.payouts(item.paymentId)).toHaveLength(1);
    }
    expect(await h.refunds([a.paymentId, b.paymentId])).toHaveLength(0);
  });
});
