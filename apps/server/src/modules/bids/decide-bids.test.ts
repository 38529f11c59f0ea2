import { describe, expect, it } from 'vitest';
import { type AuctionRules, decideGroup, type LockedRace, type PendingBid } from './decide-bids.ts';

const now = new Date('2026-11-24T12:00:00Z');
const rules: AuctionRules = { ownerId: 1, status: 'active', startTime: null, minOffer: 1000, maxOffer: 0 };
const race: LockedRace = {
  highest: 10_000,
  leaderId: 2,
  bidCount: 3,
  endTime: new Date(now.getTime() + 3_600_000),
};
const bid = (userId: number, amount: number, max: number | null = null): PendingBid => ({
  kind: 'bid',
  userId,
  amount,
  max,
});

function decide(pending: PendingBid[], overrides: Partial<Parameters<typeof decideGroup>[0]> = {}) {
  return decideGroup({ rules, race, ceilings: [], pending, now, softCloseMs: 0, ...overrides });
}

describe('deciding a group of bids on one product', () => {
  it('judges each bid against the race the one before it left, in arrival order', () => {
    const d = decide([bid(3, 11_000), bid(4, 11_000), bid(5, 11_500), bid(4, 12_000), bid(3, 5_000)]);
    expect(d.outcomes).toEqual([
      { accepted: true },
      { accepted: false, refusal: 'BID_REJECTED', highest: 11_000 },
      { accepted: false, refusal: 'BID_REJECTED', highest: 11_000 },
      { accepted: true },
      { accepted: false, refusal: 'BID_REJECTED', highest: 12_000 },
    ]);
    expect(d.bids).toEqual([
      { userId: 3, amount: 11_000, auto: false, pending: 0 },
      { userId: 4, amount: 12_000, auto: false, pending: 3 },
    ]);
    expect(d.race).toMatchObject({ highest: 12_000, leaderId: 4, bidCount: 5, extended: false });
    // 2 lost the lead to 3, 3 to 4; 4 leads at the end.
    expect(d.outbid.sort()).toEqual([2, 3]);
  });

  it('refuses the owner, an ended and an upcoming product, and increments beyond max_offer', () => {
    expect(decide([bid(1, 11_000)]).outcomes[0]).toMatchObject({ refusal: 'OWN_PRODUCT' });
    const ended = { ...race, endTime: now };
    expect(decide([bid(3, 11_000)], { race: ended }).outcomes[0]).toMatchObject({ refusal: 'AUCTION_ENDED' });
    const upcoming = { ...rules, startTime: new Date(now.getTime() + 1000) };
    expect(decide([bid(3, 11_000)], { rules: upcoming }).outcomes[0]).toMatchObject({
      refusal: 'AUCTION_NOT_ACTIVE',
    });
    const capped = { ...rules, maxOffer: 5_000 };
    expect(decide([bid(3, 15_000), bid(3, 20_001)], { rules: capped }).outcomes).toEqual([
      { accepted: true },
      { accepted: false, refusal: 'BID_REJECTED', highest: 15_000 },
    ]);
  });

  it('lets the ceilings answer after each accepted bid, before the next bid is judged', () => {
    const ceilings = [{ userId: 2, max: 14_000, order: 1 }];
    const d = decide([bid(3, 11_000), bid(4, 13_000), bid(5, 15_000)], { ceilings });
    expect(d.bids.map((b) => [b.userId, b.amount, b.auto])).toEqual([
      [3, 11_000, false],
      [2, 12_000, true],
      [4, 13_000, false],
      [2, 14_000, true],
      [5, 15_000, false],
    ]);
    expect(d.outcomes.every((o) => o.accepted)).toBe(true);
    expect(d.race).toMatchObject({ highest: 15_000, leaderId: 5, bidCount: 8 });
    expect(d.outbid.sort()).toEqual([2, 3, 4]);
  });

  it('a ceiling sent with a bid counts for the bids after it, and is saved', () => {
    const d = decide([bid(3, 11_000, 20_000), bid(4, 12_000)]);
    expect(d.ceilingWrites).toEqual([{ userId: 3, max: 20_000 }]);
    expect(d.bids.map((b) => [b.userId, b.amount, b.auto])).toEqual([
      [3, 11_000, false],
      [4, 12_000, false],
      [3, 13_000, true],
    ]);
    expect(d.outbid).toEqual([2, 4]);
  });

  it('equal ceilings go to the one set first; setting the same maximum again keeps that place', () => {
    const ceilings = [
      { userId: 3, max: 20_000, order: 5 },
      { userId: 4, max: 20_000, order: 6 },
    ];
    const d = decide([bid(3, 11_000, 20_000)], { ceilings, race: { ...race, leaderId: 4 } });
    expect(d.race.leaderId).toBe(3);
    expect(d.race.highest).toBe(20_000);
  });

  it('moves the end once when a bid lands inside the soft close window', () => {
    const closing = { ...race, endTime: new Date(now.getTime() + 30_000) };
    const d = decide([bid(3, 11_000), bid(4, 12_000)], { race: closing, softCloseMs: 120_000 });
    expect(d.race.extended).toBe(true);
    expect(d.race.endTime).toEqual(new Date(now.getTime() + 120_000));
    const refused = decide([bid(3, 100)], { race: closing, softCloseMs: 120_000 });
    expect(refused.race).toMatchObject({ extended: false, endTime: closing.endTime });
  });

  it('a ceiling raised without bidding: only by the leader, above the highest', () => {
    const raise = (userId: number, max: number): PendingBid => ({ kind: 'ceiling', userId, max });
    expect(decide([raise(3, 50_000)]).outcomes[0]).toMatchObject({ refusal: 'NOT_LEADING' });
    expect(decide([raise(2, 10_000)]).outcomes[0]).toMatchObject({ refusal: 'MAX_TOO_LOW' });
    const d = decide([raise(2, 50_000), bid(3, 11_000)]);
    expect(d.outcomes.every((o) => o.accepted)).toBe(true);
    expect(d.bids.map((b) => [b.userId, b.amount, b.auto])).toEqual([
      [3, 11_000, false],
      [2, 12_000, true],
    ]);
    expect(d.outbid).toEqual([3]);
  });
});
