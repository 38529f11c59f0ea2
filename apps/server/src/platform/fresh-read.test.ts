import { describe, expect, it } from 'vitest';
import { createFreshRead, createKeyedFreshRead } from './fresh-read.ts';

/** A read whose answers the test releases one by one; each answers the value when it was sent. */
function controlledRead() {
  let value = 0;
  const sent: Array<{ value: number; answer: () => void }> = [];
  const read = () =>
    new Promise<number>((resolve) => {
      const at = value;
      sent.push({ value: at, answer: () => resolve(at) });
    });
  return {
    read,
    sent,
    commit: () => {
      value += 1;
    },
  };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('fresh read', () => {
  it('callers arriving during a read share the next one, sent when it answers', async () => {
    const r = controlledRead();
    const fresh = createFreshRead(r.read);
    const first = fresh();
    expect(r.sent).toHaveLength(1);
    // A change commits, then three callers arrive while the first read is out.
    r.commit();
    const later = [fresh(), fresh(), fresh()];
    expect(r.sent).toHaveLength(1);
    r.sent[0]!.answer();
    expect(await first).toBe(0);
    await tick();
    expect(r.sent).toHaveLength(2);
    r.sent[1]!.answer();
    // They see the change, though it committed after the first read was sent.
    expect(await Promise.all(later)).toEqual([1, 1, 1]);
  });

  it('an idle caller reads at once, and a failed read fails only its own callers', async () => {
    let calls = 0;
    const fresh = createFreshRead(async () => {
      calls += 1;
      if (calls === 1) throw new Error('away');
      return calls;
    });
    await expect(fresh()).rejects.toThrow('away');
    expect(await fresh()).toBe(2);
    expect(await fresh()).toBe(3);
  });
});

describe('keyed fresh read', () => {
  it('shares reads per key: a thousand callers of one key cost two reads, another key its own', async () => {
    const sent: Array<{ key: string; answer: () => void }> = [];
    const keyed = createKeyedFreshRead<string>();
    const read = (key: string) => () =>
      new Promise<string>((resolve) => sent.push({ key, answer: () => resolve(`count of ${key}`) }));
    const first = keyed('1:2', read('1:2'));
    const crowd = Array.from({ length: 1000 }, () => keyed('1:2', read('1:2')));
    const other = keyed('1:3', read('1:3'));
    expect(sent.map((s) => s.key)).toEqual(['1:2', '1:3']);
    sent[0]!.answer();
    sent[1]!.answer();
    expect(await first).toBe('count of 1:2');
    expect(await other).toBe('count of 1:3');
    await tick();
    // The crowd arrived after the first read was sent: it shares the next one.
    expect(sent.map((s) => s.key)).toEqual(['1:2', '1:3', '1:2']);
    sent[2]!.answer();
    expect(new Set(await Promise.all(crowd))).toEqual(new Set(['count of 1:2']));
  });

  it('reads again for a caller after the key went idle, and a failure stays with its callers', async () => {
    let calls = 0;
    const keyed = createKeyedFreshRead<string>();
    const read = async () => {
      calls += 1;
      if (calls === 1) throw new Error('away');
      return `a#${calls}`;
    };
    await expect(keyed('a', read)).rejects.toThrow('away');
    expect(await keyed('a', read)).toBe('a#2');
    expect(await keyed('a', read)).toBe('a#3');
  });
});
