import { type AppContext, perApp } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import type { ClientAddressKind } from '../../platform/db-schema.ts';

/**
 * Client addresses are kept this long after their last use: long enough for the shill signals,
 * which compare the last 30 days, and no longer (a pruning job deletes older rows).
 */
export const CLIENT_ADDRESS_RETENTION_MS = 30 * 24 * 3600_000;
/** A use already written this recently is not written again (a bidder's every bid would be). */
const REWRITE_AFTER_MS = 3600_000;
const REMEMBERED_MAX = 50_000;

// Per app: each has its own database (the tests start many in one process).
const rememberedUses = perApp(() => new Map<string, number>());

/**
 * Records that `userId` used `address` to log in, list or bid: one row per (user, kind,
 * address) with its first and last use. A process writes a use at most once an hour, so the
 * bid path pays for one statement per bidder and address, not per bid.
 */
export async function recordClientAddress(
  ctx: AppContext,
  userId: number,
  kind: ClientAddressKind,
  address: string | undefined,
): Promise<void> {
  if (!address) return;
  const clipped = address.slice(0, 64);
  const remembered = rememberedUses(ctx);
  const now = ctx.clock.now();
  const key = `${userId}|${kind}|${clipped}`;
  const last = remembered.get(key);
  if (last !== undefined && now.getTime() - last < REWRITE_AFTER_MS && now.getTime() >= last) return;
  remembered.delete(key);
  if (remembered.size >= REMEMBERED_MAX) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, now.getTime());
  try {
    await ctx.db
      .insertInto('client_addresses')
      .values({ user_id: userId, kind, address: clipped, first_seen_at: now, last_seen_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'address']).doUpdateSet({ last_seen_at: now }))
      .execute();
  } catch (err) {
    // A lost signal must not fail the login, listing or bid that it describes.
    remembered.delete(key);
    ctx.log.warn({ err }, 'client address not recorded');
  }
}

/** The pruning job's pass: rows whose last use is older than the retention. */
export async function pruneClientAddresses(db: Database, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('client_addresses')
    .where('last_seen_at', '<', new Date(now.getTime() - CLIENT_ADDRESS_RETENTION_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A user's recorded addresses, for their personal-data export. */
export async function clientAddressesOfUser(db: Database, userId: number) {
  const rows = await db
    .selectFrom('client_addresses')
    .select(['kind', 'address', 'first_seen_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    address: r.address,
    first_seen_at: new Date(r.first_seen_at).toISOString(),
    last_seen_at: new Date(r.last_seen_at).toISOString(),
  }));
}
