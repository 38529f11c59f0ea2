import { closedLoop } from './load.ts';

// The list arm's load: its connections on its path.
export const LIST_CONNECTIONS = 32;
export const LIST_PATH = '/api/auctions/list?page=1&size=8';

/**
 * The page's server render beside the API read it waits for, from its Server-Timing header; or
 * `kept` when the server answered with a page it had rendered for an earlier visitor.
 */
type RenderTiming = { kept: true } | { kept: false; renderMs: number; readMs: number };

async function renderTiming(url: string): Promise<RenderTiming | undefined> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  await res.arrayBuffer();
  const header = res.headers.get('server-timing') ?? '';
  if (/(^|,\s*)kept\b/.test(header)) return { kept: true };
  const renderMs = Number(/render;dur=([\d.]+)/.exec(header)?.[1]);
  const readMs = Number(/read;dur=([\d.]+)/.exec(header)?.[1]);
  return Number.isFinite(renderMs) && Number.isFinite(readMs) ? { kept: false, renderMs, readMs } : undefined;
}

const medianOf = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * The server render's cost against its page's API read under the list arm's load (32 connections
 * reading the first page of auctions), sampled one page at a time while the load runs. A page
 * served from an earlier render (nothing written since, rendered under a second ago) cost no
 * render: the cost per page served is the renders' time over every page served.
 */
export async function renderCost(base: string, seconds: number) {
  const load = closedLoop({
    url: base,
    connections: LIST_CONNECTIONS,
    seconds,
    next: () => ({ method: 'GET', path: LIST_PATH }),
  });
  const rendered: Array<{ renderMs: number; readMs: number }> = [];
  let served = 0;
  const end = performance.now() + seconds * 1000 - 200;
  while (performance.now() < end) {
    const timing = await renderTiming(`${base}/`);
    if (!timing) continue;
    served += 1;
    if (!timing.kept) rendered.push(timing);
  }
  const list = await load;
  const renderTotal = rendered.reduce((sum, t) => sum + t.renderMs, 0);
  return {
    served,
    rendered: rendered.length,
    renderPerPageMs: served > 0 ? renderTotal / served : Number.NaN,
    renderMs: medianOf(rendered.map((t) => t.renderMs)),
    readMs: medianOf(rendered.map((t) => t.readMs)),
    listP50: list.p50,
    listRate: list.rate,
  };
}
