import type { Ceiling } from './auto-bids.ts';
import type { bidsRepository } from './bids.repository.ts';
import type { GroupDecision } from './decide-bids.ts';

/** A product's race as read for a decision: the race row with its auction's rules and names. */
export type RaceRow = NonNullable<Awaited<ReturnType<typeof bidsRepository.findRace>>>;

export const raceKey = (auctionId: number, productId: number) => `${auctionId}:${productId}`;

/**
 * Products remembered per process, both as committed races and as lanes (one entry per recently
 * bid product; the oldest go first).
 */
const REMEMBERED_PRODUCTS_MAX = 10_000;

/** A race known well enough to decide bids on it: the race row (rules included) and its ceilings. */
export interface KnownRace {
  race: RaceRow;
  ceilings: Ceiling[];
}

/**
 * One product's decisions in this process. `tip` is the race as the last decision made leaves
 * it (committed or on its way), or null when the next decision must read it under the lock;
 * `settled` resolves once the last decision has answered, so the next answers after it.
 */
export interface Lane {
  tip: KnownRace | null;
  settled: Promise<void>;
  /** Decisions made and not yet answered. */
  pending: number;
  /** Settles when the last statement sent from memory has answered. */
  lastSent: Promise<void>;
}

/** The race row as a decision leaves it. */
export function advance(race: RaceRow, decision: GroupDecision, stamp: number): RaceRow {
  return {
    ...race,
    highest_bid: decision.race.highest,
    highest_bidder_id: decision.race.leaderId,
    bid_count: decision.race.bidCount,
    end_time: decision.race.endTime,
    race_stamp: stamp,
  };
}

/**
 * What one process remembers of the races it decides: each product's lane (what its last
 * decision leaves, and the chain its decisions answer in) and each race as last seen committed.
 */
export function createRaceMemory() {
  const lanes = new Map<string, Lane>();

  /**
   * The race of each product as this process last saw it committed (by its own decisions or a
   * read), so a bid is refused early without a read. Other processes move races too, so only
   * what cannot be undone is taken from it: the owner, and a highest bid that only grows.
   */
  const committedRaces = new Map<string, RaceRow>();

  return {
    /** The product's lane, made on first use. */
    laneOf(key: string): Lane {
      let lane = lanes.get(key);
      if (lane) return lane;
      // Forget the oldest idle lane when full (a busy one still orders answers).
      if (lanes.size >= REMEMBERED_PRODUCTS_MAX) {
        for (const [oldKey, old] of lanes) {
          if (old.pending === 0) {
            lanes.delete(oldKey);
            break;
          }
        }
      }
      lane = { tip: null, settled: Promise.resolve(), pending: 0, lastSent: Promise.resolve() };
      lanes.set(key, lane);
      return lane;
    },

    committed(key: string): RaceRow | undefined {
      return committedRaces.get(key);
    },

    remember(key: string, race: RaceRow): void {
      committedRaces.delete(key);
      if (committedRaces.size >= REMEMBERED_PRODUCTS_MAX)
        committedRaces.delete(committedRaces.keys().next().value!);
      committedRaces.set(key, race);
    },

    forget(key: string): void {
      committedRaces.delete(key);
    },
  };
}

export type RaceMemory = ReturnType<typeof createRaceMemory>;
