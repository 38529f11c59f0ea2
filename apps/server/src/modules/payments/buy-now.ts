import { type BuyProductResponse, paymentMessages as messages } from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { productLifecycle } from '../products/product-lifecycle.service.ts';
import { assertMayBuy } from '../trust/trust.service.ts';
import { assertSellerNotAway } from '../trust/vacation.service.ts';
import {
  awaitOpeningLink,
  BUY_NOW_LINK_TTL_MS,
  linkUsable,
  requestLink,
  requireDefaultAddress,
} from './payment-links.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { paymentsRepository as repo } from './payments.repository.ts';

/**
 * Buy now: a pending payment and its checkout link. The payment reserves the product for its
 * 30-minute window: meanwhile nobody else can start a checkout (409). The product row is
 * locked while deciding, so two buyers starting at the same moment get one reservation.
 */
export async function buyNow(
  ctx: AppContext,
  provider: PaymentProvider,
  input: { userId: number; productId: number; origin: string },
): Promise<BuyProductResponse> {
  const { db, clock } = ctx;
  const { userId, productId, origin } = input;
  const decided = await db.transaction().execute(async (trx) => {
    const product = await repo.lockProductForPurchase(trx, productId);
    if (!product) throw notFound('PRODUCT_NOT_FOUND', messages.productNotFound);
    if (product.owner_id === userId) throw forbidden('OWN_PRODUCT', messages.ownProduct);
    if (!product.can_be_bought || !product.sell_price) throw conflict('NOT_BUYABLE', messages.notBuyable);
    if (product.status !== 'available') throw conflict('NOT_AVAILABLE', messages.notAvailable);
    const now = clock.now();
    await assertMayBuy(trx, userId, product.owner_id, now);
    // A seller on vacation sells nothing meanwhile (409 naming the day they come back).
    await assertSellerNotAway(trx, product.owner_id, now);
    await requireDefaultAddress(trx, userId);

    if (await productLifecycle.inCheckout(trx, [productId], now, userId))
      throw conflict('RESERVED', messages.reservedByOther);
    const open = await repo.findOpenBuyNow(trx, userId, productId, now);
    if (open && !open.payment_link) return { kind: 'opening', paymentId: open.id } as const;
    if (open && linkUsable(open, now) && open.amount === product.sell_price) {
      return { kind: 'reused', answer: { payment_id: open.id, payment_link: open.payment_link! } } as const;
    }
    const expiresAt = new Date(now.getTime() + BUY_NOW_LINK_TTL_MS);
    const payment = await repo.insertBuyNowPayment(trx, {
      productId,
      buyerId: userId,
      sellerId: product.owner_id,
      amount: product.sell_price,
      provider: provider.name,
      expiresAt,
      now,
    });
    return { kind: 'new', payment, product, expiresAt } as const;
  });
  if (decided.kind === 'reused') return decided.answer;
  if (decided.kind === 'opening') return awaitOpeningLink(ctx, decided.paymentId);
  const { payment, product, expiresAt } = decided;
  let link: Awaited<ReturnType<typeof requestLink>>;
  try {
    link = await requestLink(ctx, provider, payment, product.name, expiresAt, origin);
  } catch (error) {
    await repo.updatePayment(db, payment.id, {
      status: 'cancelled',
      status_note: messages.linkFailed,
      updated_at: clock.now(),
    });
    throw error;
  }
  await repo.updatePayment(db, payment.id, {
    payment_link: link.url,
    link_id: link.linkId,
    link_created_at: clock.now(),
    provider_checked_at: null,
    link_expires_at: expiresAt,
    updated_at: clock.now(),
  });
  return { payment_id: payment.id, payment_link: link.url };
}
