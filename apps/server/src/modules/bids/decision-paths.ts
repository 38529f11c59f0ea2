import { briefTransaction } from '../../platform/brief-transaction.ts';
import type { AppContext } from '../../platform/context.ts';
import { buyerRefusals, standingRule } from '../trust/trust.service.ts';
import { answerDecision, type CommittedDecision, type Decided, type Waiting } from './answer-decision.ts';
import { DECISION_STATEMENT, newStamp, bidsRepository as repo } from './bids.repository.ts';
import { ceilingsRepository } from './ceilings.repository.ts';
import { decideGroup } from './decide-bids.ts';
import { outbidNotices } from './outbid-notices.ts';
import { advance, type KnownRace, type Lane, type RaceMemory, raceKey } from './race-memory.ts';
import { missingRace, rulesOf } from './refusals.ts';

/**
 * The two ways a product's group of waiting requests is decided: from the race its lane
 * remembers (one compare-and-set statement), else under the race lock. `decide` is what the
 * product's group queue runs.
 */
export function createDecisionPaths(ctx: AppContext, memory: RaceMemory) {
  const { db, pipeline, clock, events, config } = ctx;
  const answer = (waiting: Waiting[], input: CommittedDecision) =>
    answerDecision({ events, memory }, waiting, input);

  /**
   * Decides one product's waiting requests. From the lane's remembered race when there is one
   * (`decideFromMemory`: one statement, no lock held across round trips), else under the race
   * lock (`decideLocked`). Either way the requests are answered in the order their groups were
   * formed: each group's answers wait for the previous group's.
   */
  function decide(waiting: Waiting[], handOver: () => void): Promise<Array<Decided | Error>> {
    const { auctionId, productId } = waiting[0]!;
    const lane = memory.laneOf(raceKey(auctionId, productId));
    const previous = lane.settled;
    lane.pending += 1;
    const result =
      decideFromMemory(lane, waiting, previous, handOver) ??
      previous.then(() => decideLocked(lane, waiting, handOver));
    lane.settled = result.then(
      () => {},
      () => {
        // What the lane remembered came from this decision (or one after it): not committed.
        lane.tip = null;
      },
    );
    void lane.settled.then(() => {
      lane.pending -= 1;
    });
    return result;
  }

  /**
   * Decides a group from the race the lane remembers (as the previous decision leaves it, even
   * before that one commits) and writes it with one compare-and-set statement on the race's
   * stamp, sent at once: the next group can be decided and sent while this one is on its way,
   * and PostgreSQL applies them in turn on the row's lock. If the race had moved (another
   * process, a failed decision before this one), nothing was written and the group is decided
   * again under the lock, still after the previous group. Ceiling writes and soft close, which
   * write more than the race row, are left to the locked path. Null when this path does not
   * apply.
   */
  function decideFromMemory(
    lane: Lane,
    waiting: Waiting[],
    previous: Promise<void>,
    handOver: () => void,
  ): Promise<Array<Decided | Error>> | null {
    const tip = lane.tip;
    // Rules are taken from memory only once the auction runs: from then on they never change
    // (it leaves 'active' only after every product has closed, which the statement checks).
    if (!tip || tip.race.status !== 'active') return null;
    const { auctionId, productId } = waiting[0]!;
    const now = clock.now();
    const decision = decideOn(tip, waiting, now);
    if (decision.ceilingWrites.length > 0 || decision.race.extended) return null;
    const stamp = decision.bids.length > 0 ? newStamp() : tip.race.race_stamp;
    const after = advance(tip.race, decision, stamp);
    lane.tip = { race: after, ceilings: tip.ceilings };
    const notices = outbidNotices(decision, tip.race, productId, now);
    const sent = repo.writeDecision(db, (query) => pipeline.run(query, DECISION_STATEMENT), {
      auctionId,
      productId,
      now,
      expected: tip.race.race_stamp,
      stamp,
      bids: decision.bids,
      race: decision.race,
      notices,
      // Their standing is checked by the write: a bidder who may not bid on the seller's products
      // stops it, and the group is decided again under the lock, which refuses that bidder.
      unread: { userIds: waiting.map((w) => w.request.userId), ...standingRule(now) },
    });
    // Awaited below, after the previous group: until then a failure must not go unhandled.
    sent.catch(() => {});
    // The next group goes once the previous statement has answered: the database always has
    // the next statement queued behind the one it runs, and what arrives meanwhile forms one
    // group (one statement, one commit) instead of many.
    const before = lane.lastSent;
    lane.lastSent = sent.then(
      () => {},
      () => {},
    );
    void before.then(handOver);
    return previous.then(async () => {
      const written = await sent;
      if (!written) {
        lane.tip = null;
        return decideLocked(lane, waiting, null);
      }
      return answer(waiting, { decision, raceBefore: tip.race, raceAfter: after, written, notices, now });
    });
  }

  /**
   * Decides a group in one transaction of two round trips under the race lock (the next group
   * is handed the turn once the lock is held, so its first statement overlaps this one's last):
   * BEGIN with one read under the lock (the race with its auction's rules and its ceilings), the
   * judgement of every request in arrival order (`decideGroup`), then the same write as from
   * memory (`repo.writeDecision`, its stamp now certain to match) sent with the COMMIT. Ceiling writes
   * and a soft close add a statement each when they happen. The lane remembers the race as the
   * decision leaves it before the commit, so the next group is decided from it meanwhile.
   *
   * Without `handOver`, the group is one whose compare-and-set found the race moved, decided
   * again: groups formed after it may have been decided from the same outdated race and must
   * fail and come here too, in turn, so the lane remembers nothing until a group that takes
   * its turn normally (after every earlier one has answered) reads the race again.
   */
  async function decideLocked(
    lane: Lane,
    waiting: Waiting[],
    handOver: (() => void) | null,
  ): Promise<Array<Decided | Error>> {
    const { auctionId, productId } = waiting[0]!;
    const key = raceKey(auctionId, productId);
    const outcome = await briefTransaction(db, async (tx) => {
      const locked = await repo.lockRace(tx, auctionId, productId);
      // Read the clock after the lock: decisions on one product get non-decreasing times.
      const now = clock.now();
      if (!locked) {
        lane.tip = null;
        handOver?.();
        return null;
      }
      const { race } = locked;
      // The bidders' standing with the seller, read after the lock in a statement of its own: a
      // block or strike that committed while this group waited for the race refuses its bids
      // here, so none is placed after it.
      const refused = await buyerRefusals(
        tx.db,
        waiting.map((w) => w.request.userId),
        race.owner_id,
        now,
      );
      const admitted = refused.size === 0 ? waiting : waiting.filter((w) => !refused.has(w.request.userId));
      const decision = decideOn(locked, admitted, now);
      const wrote = decision.bids.length > 0 || decision.ceilingWrites.length > 0 || decision.race.extended;
      const stamp = wrote ? newStamp() : race.race_stamp;
      const after = advance(race, decision, stamp);
      if (handOver) {
        lane.tip = { race: after, ceilings: decision.ceilings };
        // The lock is ours and the lane knows what this decision leaves: the next group may go.
        handOver();
      }
      const where = { auctionId, productId };
      const notices = outbidNotices(decision, race, productId, now);
      // The rare writes first, so the decision's statement can carry the commit.
      for (const ceiling of decision.ceilingWrites)
        await ceilingsRepository.upsertCeiling(tx.db, { ...where, ...ceiling, now });
      if (decision.race.extended) await repo.extendEnd(tx.db, { ...where, end: decision.race.endTime! });
      const written = wrote
        ? await repo.writeDecision(tx.db, (query) => tx.last(query), {
            ...where,
            now,
            expected: race.race_stamp,
            stamp,
            bids: decision.bids,
            race: decision.race,
            notices,
            unread: { userIds: [], ...standingRule(now) },
          })
        : { bids: [], noticeIds: new Map<number, number>() };
      // Under the lock the stamp is the one just read: only a closed product refuses the write.
      if (!written) throw new Error('the decision wrote nothing');
      return { decision, written, notices, race, after, now, admitted, refused };
    });
    if (!outcome) {
      memory.forget(key);
      const error = await missingRace(db, auctionId);
      return waiting.map(() => error);
    }
    const { decision, written, notices, race, after, now, admitted, refused } = outcome;
    const answers =
      admitted.length === 0
        ? []
        : await answer(admitted, { decision, raceBefore: race, raceAfter: after, written, notices, now });
    if (refused.size === 0) return answers;
    let next = 0;
    return waiting.map((w) => refused.get(w.request.userId) ?? answers[next++]!);
  }

  /** The group judged against a known race (`decideGroup` with the service's settings). */
  function decideOn(known: KnownRace, waiting: Waiting[], now: Date) {
    const { race } = known;
    return decideGroup({
      rules: rulesOf(race),
      race: {
        highest: race.highest_bid,
        leaderId: race.highest_bidder_id,
        bidCount: race.bid_count,
        endTime: race.end_time,
      },
      ceilings: known.ceilings,
      pending: waiting.map((w) => w.request),
      now,
      softCloseMs: config.SOFT_CLOSE_SECONDS * 1000,
    });
  }

  return { decide };
}
