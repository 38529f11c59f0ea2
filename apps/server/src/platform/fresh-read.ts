/**
 * Shares a read among callers without ever answering a caller with a read sent before it asked:
 * a caller that arrives while a read is in flight waits for the next one, which is sent when
 * that read answers and serves everyone who arrived meanwhile. So a caller always sees at least
 * what was committed when it asked (read-your-writes across processes), and under load the
 * read runs once per round trip instead of once per caller.
 */
export function createFreshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  let next: Promise<T> | null = null;

  function send(): Promise<T> {
    next = null;
    const sent = read();
    inFlight = sent;
    const settle = () => {
      if (inFlight === sent) inFlight = null;
    };
    sent.then(settle, settle);
    return sent;
  }

  return () => {
    if (next) return next;
    if (!inFlight) return send();
    next = inFlight.then(send, send);
    return next;
  };
}

/**
 * `createFreshRead` for each key (a product's bid count, say): callers of one key share reads
 * as above, callers of different keys never wait for each other. A caller names its key and how
 * to read it; callers of one key must read the same thing. A key is forgotten as soon as no
 * caller waits on it, so the keys ever asked for are not kept.
 */
export function createKeyedFreshRead<T>(): (key: string, read: () => Promise<T>) => Promise<T> {
  const byKey = new Map<string, { read: () => Promise<T>; waiting: number }>();
  return (key, read) => {
    let entry = byKey.get(key);
    if (!entry) {
      entry = { read: createFreshRead(read), waiting: 0 };
      byKey.set(key, entry);
    }
    const current = entry;
    current.waiting += 1;
    const answer = current.read();
    const done = () => {
      current.waiting -= 1;
      if (current.waiting === 0 && byKey.get(key) === current) byKey.delete(key);
    };
    answer.then(done, done);
    return answer;
  };
}
