import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { logIn, prepareBidRace } from '../lib/bid-fixture.ts';
import { warmLoop } from '../lib/load.ts';
import { pgbenchTps, settleDisk, withFreshDatabase } from '../lib/postgres.ts';
import { startServer } from '../lib/server.ts';
import { round } from '../lib/stats.ts';
import type { Arm, ArmResult } from '../types.ts';

/** The SQL shape of one bid, for pgbench: a sequence, a conditional UPDATE of one hot row, an INSERT. */
const HOT_ROW_SETUP = `
  create sequence bench_seq;
  create table bench_race (id int primary key, highest bigint not null);
  insert into bench_race values (1, 0);
  create table bench_bids (id bigserial primary key, race_id int not null, amount bigint not null, created_at timestamptz not null);
`;
const HOT_ROW_SCRIPT = `
begin;
select nextval('bench_seq');
update bench_race set highest = highest + 1 where id = 1 and highest < 9000000000000000;
insert into bench_bids (race_id, amount, created_at) values (1, :client_id, now());
end;
`;

interface BidRun {
  rate: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
}

/**
 * Accepted bids per second on one product with `bidders` logged-in bidders through real HTTP, in
 * a bidding war: every bid tops every bid sent before it by one peso, as pgbench's hot row always
 * moves, so a bid is refused only when a later one overtook it on the way. Only accepted bids
 * count; every answer is in `answers`. Measured after two seconds of the same war, as the read
 * arms are: the server's first bids run cold (JIT, pool connections, prepared statements) at a
 * fraction of its rate, and pgbench's C client it is compared with has nothing to warm.
 */
async function bidRun(options: { databaseUrl?: string; bidders: number; seconds: number }): Promise<BidRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-bids-'));
  try {
    const race = await prepareBidRace({
      databaseUrl: options.databaseUrl,
      dataDir,
      bidders: options.bidders,
    });
    const server = await startServer({ databaseUrl: options.databaseUrl, dataDir });
    try {
      const tokens = await logIn(server.url, race.emails);
      let lastSent = 0;
      const result = await warmLoop({
        url: server.url,
        connections: options.bidders,
        seconds: options.seconds,
        next: (worker) => ({
          method: 'POST',
          path: '/api/bids/create-bid',
          headers: { authorization: `Bearer ${tokens[worker]}` },
          body: JSON.stringify({
            auction_id: race.auctionId,
            product_id: race.productId,
            amount: ++lastSent,
          }),
        }),
        judge: (status) => status === 201,
      });
      return result;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function hotRowCeiling(postgresUrl: string, clients: number, seconds: number) {
  return withFreshDatabase(postgresUrl, async (url) => {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(HOT_ROW_SETUP);
    await client.end();
    return pgbenchTps(url, HOT_ROW_SCRIPT, clients, seconds);
  });
}

/** The embedded database's rate against PostgreSQL's with as many bidders. */
function embeddedAgainst(postgresRate: number, embedded: BidRun): ArmResult {
  const ratio = embedded.rate / postgresRate;
  return {
    arm: 'bids-embedded-vs-postgres-8',
    metric: 'accepted bids/s, PGlite vs PostgreSQL, 8 bidders',
    value: round(embedded.rate, 1),
    unit: 'bids/s',
    ceiling: round(postgresRate, 1),
    ratio: round(ratio),
    goal: 'ratio >= 0.8',
    met: ratio >= 0.8,
    details: { p50_ms: round(embedded.p50, 1), p99_ms: round(embedded.p99, 1), errors: embedded.errors },
  };
}

export const run: Arm = async (env) => {
  if (!env.postgresUrl) return [];
  const seconds = env.quick ? 5 : 15;
  const results: ArmResult[] = [];
  for (const bidders of [8, 32]) {
    await settleDisk(env.postgresUrl);
    const ceiling = await hotRowCeiling(env.postgresUrl, bidders, seconds);
    await settleDisk(env.postgresUrl);
    const bids = await withFreshDatabase(env.postgresUrl, (url) =>
      bidRun({ databaseUrl: url, bidders, seconds }),
    );
    const ratio = bids.rate / ceiling;
    // Grouping many bids into one statement and one commit is what lets the bid path pass the
    // hot row's ceiling, and more so the more bidders wait together.
    const minRatio = bidders >= 32 ? 3 : 1;
    results.push({
      arm: `bids-postgres-${bidders}`,
      metric: 'accepted bids/s on one product',
      value: round(bids.rate, 1),
      unit: 'bids/s',
      ceiling: round(ceiling, 1),
      ratio: round(ratio),
      goal: `ratio >= ${minRatio.toFixed(1)} vs pgbench hot row, p99 <= 50 ms`,
      met: ratio >= minRatio && bids.p99 <= 50,
      details: {
        p50_ms: round(bids.p50, 1),
        p99_ms: round(bids.p99, 1),
        answers: bids.total,
        errors: bids.errors,
      },
    });
    // The embedded database right after PostgreSQL with the same bidders: the two figures it
    // compares are measured next to each other, before the machine's load can drift.
    if (bidders === 8) results.push(embeddedAgainst(bids.rate, await bidRun({ bidders, seconds })));
  }
  return results;
};
