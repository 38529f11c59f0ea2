import { describe, expect, it } from 'vitest';
import { createGroupQueue } from './group-queue.ts';

describe('group queue', () => {
  it('runs a lone item on the next turn, groups what arrives meanwhile, one group at a time per key', async () => {
    const groups: number[][] = [];
    let running = 0;
    let overlap = false;
    const queue = createGroupQueue<number, number>(async (items) => {
      running += 1;
      if (running > 1) overlap = true;
      groups.push(items);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      return items.map((n) => n * 10);
    });
    const first = queue.submit('a', 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const rest = [2, 3, 4].map((n) => queue.submit('a', n));
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(groups).toEqual([[1], [2, 3, 4]]);
    expect(overlap).toBe(false);
  });

  it('items received in the same turn share the first group (a database in this thread cannot split them)', async () => {
    const groups: number[][] = [];
    const queue = createGroupQueue<number, number>(async (items) => {
      groups.push(items);
      return items;
    });
    expect(await Promise.all([1, 2, 3].map((n) => queue.submit('a', n)))).toEqual([1, 2, 3]);
    expect(groups).toEqual([[1, 2, 3]]);
  });

  it('keys do not wait for each other', async () => {
    const running: string[][] = [];
    let concurrent = 0;
    let most = 0;
    const queue = createGroupQueue<string, string>(async (items) => {
      running.push(items);
      concurrent += 1;
      most = Math.max(most, concurrent);
      await new Promise((resolve) => setTimeout(resolve, 20));
      concurrent -= 1;
      return items;
    });
    await Promise.all([queue.submit('a', 'x'), queue.submit('b', 'y')]);
    expect(running).toEqual([['x'], ['y']]);
    expect(most).toBe(2);
  });

  it('an Error answered for one item fails only it; a thrown error fails its whole group', async () => {
    const queue = createGroupQueue<number, number>(async (items) => {
      if (items.includes(99)) throw new Error('group failed');
      return items.map((n) => (n < 0 ? new Error(`bad ${n}`) : n));
    }, 2);
    const results = await Promise.allSettled([
      queue.submit('k', 1),
      queue.submit('k', -1),
      queue.submit('k', 2),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      1,
      'bad -1',
      2,
    ]);
    const failed = await Promise.allSettled([
      queue.submit('j', 5),
      queue.submit('j', 99),
      queue.submit('j', 6),
    ]);
    // 5 and 99 share a group (2 at most): the throw fails both; 6 runs in the next one.
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
  });

  it('takes at most maxGroup items per run', async () => {
    const sizes: number[] = [];
    const queue = createGroupQueue<number, number>(async (items) => {
      sizes.push(items.length);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items;
    }, 3);
    await Promise.all(Array.from({ length: 8 }, (_, i) => queue.submit('k', i)));
    expect(sizes).toEqual([3, 3, 2]);
  });

  it('a run that hands over lets the next group start before it ends; the group after waits for its hand-over', async () => {
    const events: string[] = [];
    const gate = () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      return { open, opened };
    };
    const locked = new Map<number, ReturnType<typeof gate>>();
    const committed = new Map<number, ReturnType<typeof gate>>();
    for (const n of [1, 2, 4]) {
      locked.set(n, gate());
      committed.set(n, gate());
    }
    const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
    const queue = createGroupQueue<number, number>(async (items, handOver) => {
      const name = items.join(',');
      events.push(`start ${name}`);
      await locked.get(items[0]!)!.opened;
      handOver();
      await committed.get(items[0]!)!.opened;
      events.push(`end ${name}`);
      return items;
    });
    const all = [queue.submit('k', 1)];
    await settle();
    all.push(queue.submit('k', 2), queue.submit('k', 3));
    await settle();
    expect(events).toEqual(['start 1']);
    locked.get(1)!.open();
    await settle();
    expect(events).toEqual(['start 1', 'start 2,3']);
    all.push(queue.submit('k', 4));
    await settle();
    // Group 2,3 has not handed over yet: 4 waits in the queue.
    expect(events).toEqual(['start 1', 'start 2,3']);
    locked.get(2)!.open();
    await settle();
    expect(events).toEqual(['start 1', 'start 2,3', 'start 4']);
    for (const n of [4, 1, 2]) {
      locked.get(n)!.open();
      committed.get(n)!.open();
    }
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4]);
  });
});
