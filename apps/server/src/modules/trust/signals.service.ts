import { randomInt } from 'node:crypto';
import { pageMeta, type SignalsResponse, trustMessages } from '@app/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { channels } from '../../platform/events.ts';
import { voidBidderOnRace } from '../bids/race-corrections.service.ts';
import { recordOperatorAction } from '../operator/audit-log.service.ts';
import { CLIENT_ADDRESS_RETENTION_MS } from './client-addresses.service.ts';
import { lockRunningRaces, pairProducts, signalPairs } from './signals.repository.ts';
import { trustRepository as repo } from './trust.repository.ts';

/** The concentration signal: at least this many bids, this share of them on one seller's products. */
const CONCENTRATION_MIN_BIDS = 10;
const CONCENTRATION_MIN_SHARE = 0.8;

const productLink = (p: { id: number; status: string }) =>
  p.status === 'in_auction' ? `/auctions/product/${p.id}` : `/products/buy/${p.id}`;

/** Shill-bidding signals for operators, and the confirmation of a pair. */
export function createSignalsService(ctx: AppContext) {
  const { db, clock, events } = ctx;

  return {
    async list(page: number, size: number): Promise<SignalsResponse> {
      const since = new Date(clock.now().getTime() - CLIENT_ADDRESS_RETENTION_MS);
      const rows = await signalPairs(db, {
        since,
        minBids: CONCENTRATION_MIN_BIDS,
        minShare: CONCENTRATION_MIN_SHARE,
        limit: size,
        offset: (page - 1) * size,
      });
      const products = await pairProducts(db, rows);
      const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
      return {
        items: rows.map((r) => {
          const toSeller = Number(r.bids_to_seller);
          const all = Number(r.bids_total);
          const share = all === 0 ? 0 : toSeller / all;
          const kinds: SignalsResponse['items'][number]['kinds'] = [];
          if (r.shared_addresses && r.shared_addresses.length > 0) kinds.push('shared_address');
          if (!r.ever_won && all >= CONCENTRATION_MIN_BIDS && share >= CONCENTRATION_MIN_SHARE)
            kinds.push('bid_concentration');
          return {
            seller_id: r.seller_id,
            seller_username: r.seller_username,
            bidder_id: r.bidder_id,
            bidder_username: r.bidder_username,
            kinds,
            products: products
              .filter((p) => p.seller_id === r.seller_id && p.bidder_id === r.bidder_id)
              .map((p) => ({
                id: p.id,
                name: p.name,
                link: productLink(p),
                taken_down: p.taken_down_at !== null,
              })),
            evidence: {
              shared_addresses: r.shared_addresses ?? [],
              bids_to_seller: toSeller,
              bids_total: all,
              bid_share: share,
              ever_won: r.ever_won,
            },
            confirmed: r.confirmed,
          };
        }),
        meta: pageMeta(total, page, size),
      };
    },

    /**
     * An operator confirms that a bidder bids for a seller: the pair is recorded (their sales
     * leave the sold prices), the bidder's bids and ceilings on the seller's running auctions are
     * voided race by race under each race's lock, and the action is audited. Confirming a pair
     * again voids what was bid since.
     */
    async confirm(operatorId: number, sellerUsername: string, bidderUsername: string) {
      const [seller, bidder] = await Promise.all([
        repo.findUserByUsername(db, sellerUsername),
        repo.findUserByUsername(db, bidderUsername),
      ]);
      if (!seller || !bidder) throw notFound('USER_NOT_FOUND', trustMessages.pairNotFound);
      if (seller.id === bidder.id) throw badRequest('PAIR_SELF', trustMessages.pairSelf);
      const now = clock.now();
      const { voided, races } = await db.transaction().execute(async (trx) => {
        await sql`
          insert into confirmed_pairs (seller_id, bidder_id, confirmed_by, confirmed_at)
          values (${seller.id}, ${bidder.id}, ${operatorId}, ${now})
          on conflict (seller_id, bidder_id) do nothing
        `.execute(trx);
        const locked = await lockRunningRaces(trx, seller.id, bidder.id);
        let count = 0;
        for (const race of locked)
          count += await voidBidderOnRace(trx, race, bidder.id, randomInt(1, 2 ** 48));
        await recordOperatorAction(trx, {
          actorId: operatorId,
          action: 'confirm_signal',
          targetType: 'user',
          targetId: bidder.id,
          targetLabel: `${seller.username} / ${bidder.username}`,
          note: String(count),
          at: now,
        });
        return { voided: count, races: locked };
      });
      if (races.length > 0) await events.publish(channels.racesRewritten, { races });
      return { message: trustMessages.pairConfirmed(voided), voided_bids: voided };
    },
  };
}
