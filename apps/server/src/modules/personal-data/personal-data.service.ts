import { personalDataMessages as messages, type OpenItem, type PersonalDataExport } from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, unauthorized } from '../../platform/errors.ts';
import { toPesos, toPesosOrNull } from '../../platform/money.ts';
import { erasedPasswordHash } from '../../platform/passwords.ts';
import { forgetBankAccounts } from '../banks/banks.service.ts';
import { dropCeilings } from '../bids/bids.service.ts';
import { listUserClaims } from '../claims/claims.service.ts';
import { followsOfUser, forgetFollows } from '../follows/follows.service.ts';
import { forgetMail } from '../mail/outbox.service.ts';
import { forgetNotifications } from '../notifications/notifications.service.ts';
import { forgetShippingAddressCopies } from '../payments/payments.service.ts';
import { productLifecycle } from '../products/product-lifecycle.service.ts';
import { erasePhotosOfOwner, photosOfOwner } from '../products/product-photos.service.ts';
import { forgetPush } from '../push/push.service.ts';
import { questionsOfUser } from '../questions/questions.service.ts';
import { forgetSavedSearches, savedSearchesOfUser } from '../saved-searches/saved-searches.service.ts';
import { forgetShippingAddresses } from '../shipping/shipping-addresses.service.ts';
import { clientAddressesOfUser } from '../trust/client-addresses.service.ts';
import { trustDataOfUser } from '../trust/trust.service.ts';
import { eraseAccountRow } from '../users/account-erasure.service.ts';
import { forgetSecondFactors, secondFactorsExport } from '../users/second-factors.service.ts';
import { forgetSecurityEvents, securityEventsOf } from '../users/security-notices.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { forgetWatchlist } from '../watchlist/watchlist.service.ts';
import { personalDataRepository as repo } from './personal-data.repository.ts';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** What deleting an account answers: done, or the open things that keep it. */
export type DeleteOutcome = { deleted: true } | { deleted: false; open: OpenItem[] };

/** Habeas data: the person's export, and the deletion of their account. */
export function createPersonalDataService(ctx: AppContext, users: UsersService) {
  const { db, clock } = ctx;

  return {
    /** Everything held about the caller, only about the caller, as one document. */
    async exportData(userId: number): Promise<PersonalDataExport> {
      const user = await repo.findUser(db, userId);
      if (!user) throw unauthorized();
      const [
        addresses,
        bank,
        products,
        auctions,
        bids,
        ceilings,
        purchases,
        sales,
        payouts,
        given,
        received,
        watchlist,
        notifications,
        photos,
      ] = await Promise.all([
        repo.addresses(db, userId),
        repo.bankAccount(db, userId),
        repo.products(db, userId),
        repo.auctions(db, userId),
        repo.bids(db, userId),
        repo.ceilings(db, userId),
        repo.purchases(db, userId),
        repo.sales(db, userId),
        repo.payouts(db, userId),
        repo.ratingsGiven(db, userId),
        repo.ratingsReceived(db, userId),
        repo.watchlist(db, userId),
        repo.notifications(db, userId),
        photosOfOwner(db, userId),
      ]);
      return {
        exported_at: iso(clock.now()),
        profile: {
          id: user.id,
          username: user.username,
          email: user.email,
          name: user.name,
          last_name: user.last_name,
          phone: user.phone,
          address: user.address,
          bio: user.bio,
          avatar: user.avatar,
          birth_date: user.birth_date,
          is_seller: user.is_seller,
          created_at: iso(user.created_at),
          updated_at: iso(user.updated_at),
        },
        second_factors: await secondFactorsExport(db, userId),
        addresses: addresses.map((a) => ({ ...a, created_at: iso(a.created_at) })),
        bank_account: bank
          ? { ...bank, created_at: iso(bank.created_at), updated_at: iso(bank.updated_at) }
          : null,
        products: products.map((p) => ({
          ...p,
          reserve_price: toPesos(p.reserve_price),
          base_price: toPesosOrNull(p.base_price),
          sell_price: toPesosOrNull(p.sell_price),
          created_at: iso(p.created_at),
          images: photos.get(p.id) ?? [],
        })),
        auctions: auctions.map((a) => ({
          ...a,
          min_offer: toPesos(a.min_offer),
          max_offer: toPesos(a.max_offer),
          start_time: isoOrNull(a.start_time),
          end_time: isoOrNull(a.end_time),
          created_at: iso(a.created_at),
        })),
        bids: bids.map((b) => ({ ...b, amount: toPesos(b.amount), created_at: iso(b.created_at) })),
        max_bids: ceilings.map((c) => ({
          ...c,
          max_amount: toPesos(Number(c.max_amount)),
          updated_at: iso(c.updated_at),
        })),
        purchases: purchases.map((p) => ({
          ...p,
          amount: toPesos(p.amount),
          shipping_address:
            (p.shipping_address as PersonalDataExport['purchases'][number]['shipping_address']) ?? null,
          created_at: iso(p.created_at),
          confirmed_at: isoOrNull(p.confirmed_at),
        })),
        sales: sales.map((s) => ({
          ...s,
          amount: toPesos(s.amount),
          created_at: iso(s.created_at),
          confirmed_at: isoOrNull(s.confirmed_at),
        })),
        payouts: payouts.map((p) => ({
          ...p,
          product_amount: toPesos(p.product_amount),
          commission_amount: toPesos(p.commission_amount),
          payment_processor_fee: toPesos(p.payment_processor_fee),
          payable_amount: toPesos(p.payable_amount),
          created_at: iso(p.created_at),
        })),
        ratings_given: given.map((r) => ({ ...r, created_at: iso(r.created_at) })),
        ratings_received: received.map((r) => ({ ...r, created_at: iso(r.created_at) })),
        watchlist: watchlist.map((w) => ({ ...w, created_at: iso(w.created_at) })),
        following: await followsOfUser(db, userId),
        notifications: notifications.map((n) => ({ ...n, created_at: iso(n.created_at) })),
        questions: await questionsOfUser(db, userId),
        claims: await listUserClaims(db, userId),
        saved_searches: await savedSearchesOfUser(db, userId),
        client_addresses: await clientAddressesOfUser(db, userId),
        ...(await trustDataOfUser(db, userId)),
        security_events: (await securityEventsOf(db, userId)).map((e) => ({
          kind: e.kind,
          created_at: iso(e.created_at),
        })),
      };
    },

    /**
     * Deletes the caller's account once nothing is open: personal data erased or anonymised,
     * money records kept, every session ended. The user row is locked while deciding, so two
     * deletions at once erase once, and nothing of theirs can open meanwhile without waiting.
     */
    async deleteAccount(userId: number, password: string): Promise<DeleteOutcome> {
      const user = await users.assertCurrentPassword(userId, password, () =>
        badRequest('WRONG_PASSWORD', messages.wrongPassword),
      );
      const unusableHash = erasedPasswordHash();
      const outcome = await db.transaction().execute(async (trx): Promise<DeleteOutcome> => {
        const locked = await repo.lockUser(trx, userId);
        // Deleted meanwhile by a request that got the lock first.
        if (!locked || locked.password_hash !== user.password_hash) throw unauthorized();
        const now = clock.now();
        const open = await repo.openItems(trx, userId, now);
        if (open.length > 0) return { deleted: false, open };
        await productLifecycle.withdrawAll(trx, userId, now);
        await erasePhotosOfOwner(trx, userId, now);
        await eraseAccountRow(trx, locked, unusableHash, now);
        await forgetShippingAddresses(trx, userId);
        await forgetShippingAddressCopies(trx, userId, now);
        await forgetBankAccounts(trx, userId);
        await forgetNotifications(trx, userId);
        await forgetWatchlist(trx, userId);
        await forgetFollows(trx, userId);
        await forgetSavedSearches(trx, userId);
        // Their ceilings go and each race that held one is restamped, so no decision uses them.
        await dropCeilings(trx, userId);
        await forgetMail(trx, userId);
        await forgetSecurityEvents(trx, userId);
        await forgetSecondFactors(trx, userId);
        await forgetPush(trx, userId);
        // Every session ends with the erasure, in the same transaction: one new token version.
        await users.endAllSessionsIn(trx, userId, now);
        return { deleted: true };
      });
      if (outcome.deleted) await users.endedSessions(userId);
      return outcome;
    },
  };
}
