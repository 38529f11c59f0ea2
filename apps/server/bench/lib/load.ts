import http from 'node:http';
import { percentile } from './stats.ts';

export interface LoadResult {
  /** Requests that `judge` counted, per second. */
  rate: number;
  total: number;
  counted: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * Closed-loop load: `connections` keep-alive clients each send a request as soon as the previous
 * one answered, for `seconds`. `next(worker)` gives each request; `judge` says whether an answer
 * counts (e.g. an accepted bid); answers >= 500 are errors.
 */
export async function closedLoop(options: {
  url: string;
  connections: number;
  seconds: number;
  next: (worker: number) => { method: string; path: string; headers?: Record<string, string>; body?: string };
  judge?: (status: number, body: string, worker: number) => boolean;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let counted = 0;
  let errors = 0;
  const end = performance.now() + options.seconds * 1000;
  const base = new URL(options.url);

  const send = (req: ReturnType<typeof options.next>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const r = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method: req.method,
          path: req.path,
          headers: { ...(req.body ? { 'content-type': 'application/json' } : {}), ...req.headers },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      r.on('error', reject);
      r.end(req.body);
    });

  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async (_, worker) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          const { status, body } = await send(options.next(worker));
          latencies.push(performance.now() - t0);
          if (status >= 500) errors += 1;
          else if (options.judge ? options.judge(status, body, worker) : status < 400) counted += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rate: counted / elapsed,
    total: latencies.length,
    counted,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** `closedLoop` after two seconds of the same load, so the measured run starts warm (JIT, caches, pools). */
export async function warmLoop(options: Parameters<typeof closedLoop>[0]): Promise<LoadResult> {
  await closedLoop({ ...options, seconds: 2 });
  return closedLoop(options);
}
