import {
  type CreateOfferInput,
  MAX_OFFERS_PER_PRODUCT,
  offerMessages as m,
  OFFER_TTL_HOURS,
  type Offer,
  type OfferAnswer,
  type OfferPage,
  pageMeta,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { imageUrl } from '../../platform/images.ts';
import { toCentavos, toPesos, toPesosOrNull } from '../../platform/money.ts';
import {
  createNotifications,
  type NewNotification,
  type NotificationDto,
  publishNotifications,
} from '../notifications/notifications.service.ts';
import { createOfferPayment } from '../payments/offer-payments.service.ts';
import { productLifecycle } from '../products/product-lifecycle.service.ts';
import { canSeeProduct } from '../products/product-visibility.service.ts';
import { assertMayBuy } from '../trust/trust.service.ts';
import { assertSellerNotAway } from '../trust/vacation.service.ts';
import { offerNotices } from './offer-notices.ts';
import { type OfferView, OPEN_STATUSES, offersRepository as repo } from './offers.repository.ts';

const TTL_MS = OFFER_TTL_HOURS * 3600 * 1000;
const EXPIRY_BATCH = 100;
type Created = Array<NotificationDto & { user_id: number }>;
type OfferRow = NonNullable<Awaited<ReturnType<typeof repo.find>>>;
type LockedProduct = NonNullable<Awaited<ReturnType<typeof repo.lockProduct>>>;

function toOffer(row: OfferView, viewerId: number): Offer {
  return {
    id: row.id,
    role: row.buyer_id === viewerId ? 'buyer' : 'seller',
    product_id: row.product_id,
    product_name: row.product_name,
    product_image: imageUrl(row.image_id, 'thumb'),
    sell_price: toPesosOrNull(row.sell_price),
    buyer_username: row.buyer_username,
    seller_username: row.seller_username,
    amount: toPesos(row.amount),
    counter_amount: toPesosOrNull(row.counter_amount),
    message: row.message,
    status: row.status,
    expires_at: row.expires_at.toISOString(),
    payment_id: row.payment_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Whether the product can still be sold through an offer now: on the shelf, nobody paying for it. */
async function assertOnSale(trx: Database, product: LockedProduct, now: Date) {
  if (product.status !== 'available' || !product.can_be_bought || !product.sell_price)
    throw conflict('NOT_AVAILABLE', m.notAvailable);
  if (await productLifecycle.inCheckout(trx, [product.id], now))
    throw conflict('RESERVED', m.reservedByOther);
}

/**
 * Offers on buy-now products. Every step locks the product row first (then the offer), the same
 * row a buy-now checkout locks: two accepts of one product, or an accept and a checkout, queue
 * there and the second finds the product reserved.
 */
export function createOffersService(ctx: AppContext) {
  const { db, clock, events, config } = ctx;

  /**
   * Accepts inside the caller's transaction: the buyer gets a pending payment at the agreed
   * amount with a 48-hour window (reserving the product), every other open offer is declined.
   */
  async function acceptLocked(
    trx: Database,
    offer: OfferRow,
    product: LockedProduct,
    now: Date,
  ): Promise<{ row: OfferRow; notices: NewNotification[] }> {
    const amount = offer.counter_amount ?? offer.amount;
    const payment = await createOfferPayment(trx, {
      productId: product.id,
      buyerId: offer.buyer_id,
      sellerId: offer.seller_id,
      amountCentavos: amount,
      provider: config.PAYMENTS_PROVIDER,
      now,
    });
    const row = await repo.update(trx, offer.id, {
      status: 'accepted',
      payment_id: payment.id,
      updated_at: now,
    });
    const others = await repo.declineOthers(trx, product.id, offer.id, now);
    const notices = others.map((o) => offerNotices.reservedForOther(o.buyer_id, product.name));
    notices.push(offerNotices.acceptedToBuyer(offer.buyer_id, amount, product.name));
    return { row, notices };
  }

  /** The offer and its product locked (product first), for a step by `userId` on one side of it. */
  async function lockForStep(trx: Database, userId: number, id: number) {
    const first = await repo.find(trx, id);
    if (!first || (first.buyer_id !== userId && first.seller_id !== userId))
      throw notFound('OFFER_NOT_FOUND', m.notFound);
    const product = await repo.lockProduct(trx, first.product_id);
    const offer = (await repo.lock(trx, id))!;
    if (!product) throw notFound('OFFER_NOT_FOUND', m.notFound);
    const now = clock.now();
    if (!OPEN_STATUSES.includes(offer.status) || offer.expires_at <= now)
      throw conflict('OFFER_NOT_OPEN', m.notOpen);
    // Whose turn it is: the seller answers an offer, the buyer a counter-offer.
    const turn = offer.status === 'pending' ? offer.seller_id : offer.buyer_id;
    if (turn !== userId)
      throw conflict('OFFER_NOT_OPEN', offer.status === 'pending' ? m.waitingSeller : m.waitingBuyer);
    return { offer, product, now };
  }

  async function answer(userId: number, id: number, message: string, created: Created): Promise<OfferAnswer> {
    await publishNotifications(events, created);
    return { message, offer: toOffer((await repo.findView(db, id))!, userId) };
  }

  return {
    async create(userId: number, input: CreateOfferInput): Promise<OfferAnswer> {
      const amount = toCentavos(input.amount);
      const { offerId, created, message } = await db.transaction().execute(async (trx) => {
        const product = await repo.lockProduct(trx, input.product_id);
        if (!product || !(await canSeeProduct(trx, { ...product, owner_id: product.owner_id }, userId)))
          throw notFound('PRODUCT_NOT_FOUND', m.productNotFound);
        if (product.owner_id === userId) throw forbidden('OWN_PRODUCT', m.ownProduct);
        if (!product.can_be_bought || !product.accepts_offers)
          throw conflict('OFFERS_NOT_ACCEPTED', m.notAccepting);
        const now = clock.now();
        await assertOnSale(trx, product, now);
        // A buyer the seller blocked, or with 3 unpaid strikes, makes no offers (403).
        await assertMayBuy(trx, userId, product.owner_id, now);
        // No offers to a seller on vacation (409 naming the day they come back).
        await assertSellerNotAway(trx, product.owner_id, now);
        if (amount >= product.sell_price!) throw fieldError('OFFER_TOO_HIGH', 'amount', m.amountBelowPrice);
        if ((await repo.countByBuyer(trx, product.id, userId)) >= MAX_OFFERS_PER_PRODUCT)
          throw conflict('OFFER_LIMIT', m.limitReached);

        const offer = await repo.insert(trx, {
          productId: product.id,
          buyerId: userId,
          sellerId: product.owner_id,
          amount,
          message: input.message,
          expiresAt: new Date(now.getTime() + TTL_MS),
          now,
        });
        const buyer = await trx
          .selectFrom('users')
          .select('username')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        const notices: NewNotification[] = [];
        let message: string = m.created;
        if (product.auto_decline_price !== null && amount < product.auto_decline_price) {
          await repo.update(trx, offer.id, { status: 'declined', updated_at: now });
          notices.push(offerNotices.autoDeclinedToSeller(product.owner_id, amount, product.name));
          message = m.autoDeclined;
        } else if (product.auto_accept_price !== null && amount >= product.auto_accept_price) {
          const accepted = await acceptLocked(trx, offer, product, now);
          notices.push(
            ...accepted.notices,
            offerNotices.autoAcceptedToSeller(product.owner_id, amount, product.name),
          );
          message = m.autoAccepted;
        } else {
          notices.push(offerNotices.received(product.owner_id, buyer.username, amount, product.name));
        }
        return { offerId: offer.id, created: await createNotifications(trx, notices, now), message };
      });
      return answer(userId, offerId, message, created);
    },

    async accept(userId: number, id: number): Promise<OfferAnswer> {
      const created = await db.transaction().execute(async (trx) => {
        const { offer, product, now } = await lockForStep(trx, userId, id);
        await assertOnSale(trx, product, now);
        const { notices } = await acceptLocked(trx, offer, product, now);
        if (offer.status === 'countered')
          notices.push(
            offerNotices.counterAcceptedToSeller(offer.seller_id, offer.counter_amount!, product.name),
          );
        return createNotifications(trx, notices, now);
      });
      return answer(userId, id, m.accepted, created);
    },

    async decline(userId: number, id: number): Promise<OfferAnswer> {
      const created = await db.transaction().execute(async (trx) => {
        const { offer, product, now } = await lockForStep(trx, userId, id);
        await repo.update(trx, id, { status: 'declined', updated_at: now });
        const notice =
          offer.status === 'pending'
            ? offerNotices.declinedToBuyer(offer.buyer_id, offer.amount, product.name)
            : offerNotices.counterDeclinedToSeller(offer.seller_id, offer.counter_amount!, product.name);
        return createNotifications(trx, [notice], now);
      });
      return answer(userId, id, m.declined, created);
    },

    async counter(userId: number, id: number, input: { amount: number }): Promise<OfferAnswer> {
      const amount = toCentavos(input.amount);
      const created = await db.transaction().execute(async (trx) => {
        const { offer, product, now } = await lockForStep(trx, userId, id);
        if (offer.seller_id !== userId) throw conflict('OFFER_NOT_OPEN', m.waitingBuyer);
        await assertOnSale(trx, product, now);
        if (amount >= product.sell_price!) throw fieldError('OFFER_TOO_HIGH', 'amount', m.amountBelowPrice);
        if (amount <= offer.amount) throw fieldError('COUNTER_TOO_LOW', 'amount', m.counterAboveOffer);
        await repo.update(trx, id, {
          status: 'countered',
          counter_amount: amount,
          expires_at: new Date(now.getTime() + TTL_MS),
          updated_at: now,
        });
        return createNotifications(trx, [offerNotices.countered(offer.buyer_id, amount, product.name)], now);
      });
      return answer(userId, id, m.countered, created);
    },

    async listMine(
      userId: number,
      role: 'buyer' | 'seller' | undefined,
      page: number,
      size: number,
    ): Promise<OfferPage> {
      const { rows, total } = await repo.pageMine(db, userId, role, page, size);
      return { items: rows.map((r) => toOffer(r, userId)), meta: pageMeta(total, page, size) };
    },

    /** Offers and counter-offers nobody answered within 48 hours expire; both sides are told. */
    async expireOverdue(now: Date): Promise<number> {
      const { count, created } = await db.transaction().execute(async (trx) => {
        const rows = await repo.expireOverdue(trx, now, EXPIRY_BATCH);
        const notices = rows.flatMap((r) => [
          offerNotices.expired(r.buyer_id, r.product_name),
          offerNotices.expired(r.seller_id, r.product_name),
        ]);
        return { count: rows.length, created: await createNotifications(trx, notices, now) };
      });
      await publishNotifications(events, created);
      return count;
    },
  };
}
