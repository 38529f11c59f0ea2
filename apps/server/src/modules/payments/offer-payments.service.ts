import { OFFER_PAYMENT_HOURS } from '@app/contracts';
import type { Database } from '../../platform/db.ts';

const OFFER_PAYMENT_WINDOW_MS = OFFER_PAYMENT_HOURS * 3600 * 1000;

/**
 * The pending payment of an accepted offer, inside the accepting transaction (which holds the
 * product's lock and has checked that nobody else holds it). Being `pending` with a window, it
 * reserves the product for this buyer like a buy-now checkout does.
 */
export async function createOfferPayment(
  trx: Database,
  input: {
    productId: number;
    buyerId: number;
    sellerId: number;
    amountCentavos: number;
    provider: string;
    now: Date;
  },
): Promise<{ id: string; expiresAt: Date }> {
  const expiresAt = new Date(input.now.getTime() + OFFER_PAYMENT_WINDOW_MS);
  const row = await trx
    .insertInto('payments')
    .values({
      kind: 'offer',
      product_id: input.productId,
      buyer_id: input.buyerId,
      seller_id: input.sellerId,
      amount: input.amountCentavos,
      provider: input.provider,
      expires_at: expiresAt,
      created_at: input.now,
      updated_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, expiresAt };
}
