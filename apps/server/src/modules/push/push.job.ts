import type { AppContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import { type ClaimedPush, pushRepository as repo } from './push.repository.ts';
import type { PushOutcome, PushSender } from './push.sender.ts';

/** Pushes being sent at once by this process; more wait for the next run. */
const MAX_IN_FLIGHT = 32;
/** A claimed push is not offered again for this long: the process sending it may have died. */
const LEASE_MS = 5 * 60_000;
const GIVE_UP_MS = 24 * 3600_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const KEEP_FAILED_MS = 7 * 24 * 3600_000;
/** Types a person wants to see at once, even on a phone saving its battery. */
const URGENT = new Set(['outbid', 'ending_soon', 'auction_won']);

/** The wait before attempt n+1: 30 seconds, doubling, at most an hour. */
function pushRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * Sends due pushes. The run claims rows and starts their requests without waiting for them: a
 * push service that is slow or stalls holds neither the job loop (auctions keep closing on
 * time) nor a request (the test clock's advance runs the jobs), and each request is cut off by
 * the sender's timeout. Accepted (2xx): the row goes. 404/410: the device unsubscribed, so its
 * subscription goes (and its waiting pushes with it). 429, 5xx or no answer: retried with growing
 * waits for 24 hours. Any other refusal would be refused again: given up at once.
 */
export function createPushJob(ctx: AppContext, sender: PushSender) {
  const { db, clock } = ctx;
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();

  async function settle(row: ClaimedPush, outcome: PushOutcome) {
    const now = clock.now();
    if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) {
      await repo.delivered(db, row.id);
      return;
    }
    if ('status' in outcome && (outcome.status === 404 || outcome.status === 410)) {
      await repo.removeById(db, row.subscription_id);
      return;
    }
    const error = 'status' in outcome ? `push service answered ${outcome.status}` : outcome.error;
    const retryable =
      'error' in outcome || outcome.status === 429 || outcome.status >= 500 || outcome.status === 408;
    const giveUp = !retryable || now.getTime() - new Date(row.created_at).getTime() >= GIVE_UP_MS;
    ctx.log.warn({ pushId: row.id, kind: row.kind, error, giveUp }, 'push not delivered');
    await repo.retryLater(
      db,
      row.id,
      new Date(now.getTime() + pushRetryDelayMs(row.attempts)),
      error,
      giveUp,
    );
  }

  function start(row: ClaimedPush) {
    const task = sender
      .send(
        {
          endpoint: row.endpoint,
          keys: { p256dh: row.p256dh, auth: row.auth },
          payload: JSON.stringify(row.data),
          topic: row.topic,
          urgency: URGENT.has(row.kind) ? 'high' : 'normal',
        },
        stopping.signal,
      )
      .then((outcome) => {
        // Shutting down: the row keeps its lease and is sent again after it.
        if (!stopping.signal.aborted) return settle(row, outcome);
      })
      .catch((err) => ctx.log.error({ err, pushId: row.id }, 'push bookkeeping failed'))
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  }

  const job: Job = {
    name: 'push.send-outbox',
    async run(now) {
      const room = MAX_IN_FLIGHT - inFlight.size;
      if (room <= 0 || stopping.signal.aborted) return 0;
      const rows = await repo.claimDue(db, now, new Date(now.getTime() + LEASE_MS), room);
      for (const row of rows) start(row);
      return rows.length;
    },
  };

  return {
    job,
    pruneJob: {
      name: 'push.prune-failed',
      async run(now: Date) {
        const result = await repo.pruneFailed(db, new Date(now.getTime() - KEEP_FAILED_MS));
        return Number(result[0]?.numDeletedRows ?? 0);
      },
    } satisfies Job,
    /** How many pushes this process is sending right now. */
    inFlight: () => inFlight.size,
    /** Resolves once every push started so far has been settled (tests; shutdown). */
    async drain() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async stop() {
      stopping.abort();
      await Promise.allSettled([...inFlight]);
    },
  };
}
