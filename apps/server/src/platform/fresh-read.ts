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
