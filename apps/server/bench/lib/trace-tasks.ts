/**
 * Reads a Chromium trace of one page load (DevTools' timeline and CPU-profile categories): when
 * the page painted first and largest, which requests it made and when, and the long tasks (over
 * 50 ms) on its main thread with what ran in each (script evaluation, a timer, layout...) and the
 * functions the CPU profile's samples found in it. Times are milliseconds from the navigation.
 */
import type { SourceMap } from './source-map.ts';

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: any;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface LongTask {
  startMs: number;
  durationMs: number;
  /** What the task ran at its top level, with milliseconds (EvaluateScript index.js: 120). */
  activities: Array<{ label: string; ms: number }>;
  /** Functions by their own time in the task's samples. */
  selfTop: Array<{ label: string; ms: number }>;
  /** Functions by the time spent in them and what they called. */
  totalTop: Array<{ label: string; ms: number }>;
}

interface TraceRequest {
  url: string;
  priority: string;
  startMs: number;
  endMs: number | null;
  bytes: number | null;
}

export interface StartupTrace {
  fcpMs: number | null;
  lcpMs: number | null;
  longTasks: LongTask[];
  /** Sum of each long task's time past 50 ms, from the first paint on (Lighthouse's TBT, to the trace's end). */
  blockingMs: number;
  requests: TraceRequest[];
}

const LONG_TASK_MS = 50;
const SKIPPED_FRAMES = new Set(['(root)', '(program)', '(idle)']);

function shortSource(source: string): string {
  const clean = source.replace(/^(\.\.\/)+/, '').replace(/^webpack:\/\/\//, '');
  const modules = clean.lastIndexOf('node_modules/');
  if (modules >= 0) return clean.slice(modules + 'node_modules/'.length);
  const app = /(?:apps|packages)\/(.*)$/.exec(clean);
  return app ? app[1]! : clean;
}

/** A profile frame's name: its original name and place when the build's map knows it. */
function frameLabel(frame: ProfileNode['callFrame'], mapOf: (url: string) => SourceMap | undefined): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const position = mapOf(frame.url)?.lookup(frame.lineNumber, frame.columnNumber);
  if (position) return `${position.name ?? name} ${shortSource(position.source)}:${position.line}`;
  const file = new URL(frame.url, 'http://x').pathname.split('/').pop();
  return `${name} ${file}:${frame.lineNumber + 1}`;
}

const top = (totals: Map<string, number>, count: number) =>
  [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([label, ms]) => ({ label, ms: Math.round(ms) }));

function activityLabel(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  const file = (url: string | undefined) => (url ? new URL(url, 'http://x').pathname.split('/').pop() : '');
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
      return `${event.name} ${file(data.url ?? event.args?.fileName)}`.trim();
    case 'FunctionCall':
      return `FunctionCall ${data.functionName || '(anonymous)'} ${file(data.url)}`.trim();
    case 'EventDispatch':
      return `EventDispatch ${data.type ?? ''}`.trim();
    case 'TimerFire':
      return 'TimerFire';
    default:
      return event.name;
  }
}

/** `url`: the page's address, as the navigation named it (its main thread is found by it). */
export function readStartupTrace(
  events: TraceEvent[],
  url: string,
  mapOf: (url: string) => SourceMap | undefined,
): StartupTrace {
  const navigation = events
    .filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame)
    .find((e) => e.args.data.documentLoaderURL === url);
  if (!navigation) throw new Error(`no navigation to ${url} in the trace`);
  const { pid, tid } = navigation;
  const origin = navigation.ts;
  const ms = (ts: number) => (ts - origin) / 1000;
  const onPage = events.filter((e) => e.pid === pid && e.ts >= origin);
  const fcp = onPage.find((e) => e.name === 'firstContentfulPaint');
  const lcp = onPage.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1);
  const fcpMs = fcp ? ms(fcp.ts) : null;

  // The CPU profile of the page's main thread: each sample's stack, timed.
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid);
  const nodes = new Map<number, ProfileNode>();
  const samples: Array<{ ts: number; node: number; dt: number }> = [];
  if (profile) {
    let ts = profile.args.data.startTime as number;
    // Profile ids are per process.
    const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id);
    for (const chunk of chunks) {
      const data = chunk.args.data;
      for (const node of (data.cpuProfile?.nodes ?? []) as ProfileNode[]) nodes.set(node.id, node);
      const ids = (data.cpuProfile?.samples ?? []) as number[];
      const deltas = (data.timeDeltas ?? []) as number[];
      ids.forEach((node, i) => {
        ts += deltas[i] ?? 0;
        samples.push({ ts, node, dt: 0 });
      });
    }
    samples.sort((a, b) => a.ts - b.ts);
    // A sample stands for the time until the next one.
    for (let i = 0; i < samples.length - 1; i++) samples[i]!.dt = samples[i + 1]!.ts - samples[i]!.ts;
  }
  const labels = new Map<number, string>();
  const labelOf = (id: number) => {
    let label = labels.get(id);
    if (label === undefined) {
      label = frameLabel(nodes.get(id)!.callFrame, mapOf);
      labels.set(id, label);
    }
    return label;
  };

  const mainThread = onPage.filter((e) => e.tid === tid && e.ph === 'X');
  const longTasks: LongTask[] = [];
  for (const task of mainThread) {
    if (task.name !== 'RunTask' || (task.dur ?? 0) < LONG_TASK_MS * 1000) continue;
    const end = task.ts + task.dur!;
    const inside = mainThread.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    // Top-level work: events no other event inside the task contains.
    let coveredUntil = -1;
    const activities = new Map<string, number>();
    for (const event of inside.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
      if (event.ts < coveredUntil) continue;
      coveredUntil = event.ts + (event.dur ?? 0);
      const label = activityLabel(event);
      activities.set(label, (activities.get(label) ?? 0) + (event.dur ?? 0) / 1000);
    }
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts >= end) continue;
      const dtMs = sample.dt / 1000;
      const node = nodes.get(sample.node);
      if (!node || SKIPPED_FRAMES.has(node.callFrame.functionName)) continue;
      const own = labelOf(node.id);
      self.set(own, (self.get(own) ?? 0) + dtMs);
      const seen = new Set<string>();
      for (let at: ProfileNode | undefined = node; at; at = at.parent ? nodes.get(at.parent) : undefined) {
        if (SKIPPED_FRAMES.has(at.callFrame.functionName)) continue;
        const label = labelOf(at.id);
        if (seen.has(label)) continue;
        seen.add(label);
        total.set(label, (total.get(label) ?? 0) + dtMs);
      }
    }
    longTasks.push({
      startMs: ms(task.ts),
      durationMs: task.dur! / 1000,
      activities: top(activities, 4),
      selfTop: top(self, 6),
      totalTop: top(total, 8),
    });
  }
  const blockingMs = longTasks
    .filter((t) => fcpMs !== null && t.startMs >= fcpMs)
    .reduce((sum, t) => sum + t.durationMs - LONG_TASK_MS, 0);

  // Requests the page made, from the renderer's view of the network.
  const requests = new Map<string, TraceRequest>();
  for (const e of events) {
    const data = e.args?.data;
    if (!data?.requestId || e.ts < origin) continue;
    // The browser's own pages (its new-tab page's resources) are not the page's.
    if (e.name === 'ResourceSendRequest' && !/^https?:/.test(data.url)) continue;
    if (e.name === 'ResourceSendRequest' && !requests.has(data.requestId))
      requests.set(data.requestId, {
        url: data.url,
        priority: data.priority,
        startMs: ms(e.ts),
        endMs: null,
        bytes: null,
      });
    if (e.name === 'ResourceFinish') {
      const request = requests.get(data.requestId);
      if (request) {
        request.endMs = data.finishTime ? (data.finishTime * 1e6 - origin) / 1000 : ms(e.ts);
        request.bytes = data.encodedDataLength ?? null;
      }
    }
  }
  return {
    fcpMs,
    lcpMs: lcp ? ms(lcp.ts) : null,
    longTasks,
    blockingMs,
    requests: [...requests.values()].sort((a, b) => a.startMs - b.startMs),
  };
}
