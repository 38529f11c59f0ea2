/**
 * Runs work in groups, one group at a time per key: what arrives for a key while its group runs
 * waits, and the next group takes all of it (at most `maxGroup`, in arrival order). An idle key
 * starts on the next turn of the event loop, so a lone request waits for next to nothing. Used
 * where each run costs a lock and a commit whatever its size (one product's bids): under
 * contention the cost is shared.
 *
 * A run may call `handOver()` once it no longer needs to go before the next group (it holds its
 * lock): the next group then starts at once and waits for that lock in the database instead of
 * in this queue, so its round trips to reach the lock overlap the previous group's writes and
 * commit. A run that never hands over keeps the key until it ends.
 *
 * `run` answers one result per item, in order; an Error in that list fails only its item, a
 * thrown error fails the whole group.
 */
export function createGroupQueue<In, Out>(
  run: (items: In[], handOver: () => void) => Promise<Array<Out | Error>>,
  maxGroup = 64,
) {
  interface Waiting {
    input: In;
    resolve: (value: Out) => void;
    reject: (error: unknown) => void;
  }
  const queues = new Map<string, Waiting[]>();

  async function runGroup(group: Waiting[], handOver: () => void) {
    try {
      const results = await run(
        group.map((w) => w.input),
        handOver,
      );
      group.forEach((w, i) => {
        const result = results[i];
        if (result instanceof Error) w.reject(result);
        else w.resolve(result as Out);
      });
    } catch (error) {
      for (const w of group) w.reject(error);
    }
  }

  async function drain(key: string, waiting: Waiting[]) {
    while (waiting.length > 0) {
      // One turn of the event loop first, so requests already received join the group. Without
      // it a database that answers at once (before the poll phase reads the sockets again)
      // would never let them in: every group would hold one request.
      await new Promise((resolve) => setImmediate(resolve));
      const group = waiting.splice(0, maxGroup);
      let handOver!: () => void;
      const handedOver = new Promise<void>((resolve) => {
        handOver = resolve;
      });
      await Promise.race([handedOver, runGroup(group, handOver)]);
    }
    queues.delete(key);
  }

  return {
    submit(key: string, input: In): Promise<Out> {
      return new Promise<Out>((resolve, reject) => {
        const waiting = queues.get(key);
        if (waiting) {
          waiting.push({ input, resolve, reject });
          return;
        }
        const fresh: Waiting[] = [{ input, resolve, reject }];
        queues.set(key, fresh);
        void drain(key, fresh);
      });
    },
  };
}
