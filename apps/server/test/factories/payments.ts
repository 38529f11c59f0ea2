import { boldSignature } from '../../src/modules/payments/bold-signature.ts';
import { createWonAuctionItem } from '../../src/modules/payments/won-items.service.ts';
import type { Database } from '../../src/platform/db.ts';
import { insertDeliveredPayment } from '../../src/seed/sale-rows.ts';
import { insertProduct } from './products.ts';

let addressCounter = 0;

/** Inserts a shipping address for `userId` (not default unless asked). */
export async function insertShippingAddress(
  db: Database,
  userId: number,
  overrides: Partial<{
    address: string;
    city: string;
    state: string;
    country: string;
    postal_code: string;
    is_default: boolean;
  }> = {},
) {
  addressCounter += 1;
  const now = new Date();
  return db
    .insertInto('shipping_addresses')
    .values({
      user_id: userId,
      address: `Calle ${addressCounter} # 10-20`,
      city: 'Medellín',
      state: 'Antioquia',
      country: 'Colombia',
      postal_code: '050021',
      is_default: false,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * An auction that has closed with `buyerId` as the winner of one product: the auction `ended`,
 * the product still `in_auction` (reserved for the winner), and the pending won item created by
 * the same seam the auctions module uses when it closes an auction.
 */
export async function insertWonItem(
  db: Database,
  input: {
    sellerId: number;
    buyerId: number;
    amountCentavos?: number;
    now: Date;
    productName?: string;
    provider?: string;
  },
) {
  const amount = input.amountCentavos ?? 150_000_00;
  const start = new Date(input.now.getTime() - 25 * 3600 * 1000);
  const end = new Date(input.now.getTime() - 1000);
  const auction = await db
    .insertInto('auctions')
    .values({
      owner_id: input.sellerId,
      title: 'Subasta de prueba',
      status: 'ended',
      duration_hours: 24,
      start_time: start,
      end_time: end,
      closed_at: input.now,
      created_at: start,
      updated_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const product = await insertProduct(db, input.sellerId, {
    name: input.productName ?? 'Hot Wheels Camaro 1969',
    status: 'in_auction',
    auction_id: auction.id,
    reserve_price: 1_000_00,
  });
  await db
    .insertInto('auction_products')
    .values({
      auction_id: auction.id,
      product_id: product.id,
      highest_bid: amount,
      highest_bidder_id: input.buyerId,
      bid_count: 1,
      outcome: 'won',
    })
    .execute();
  const paymentId = await createWonAuctionItem(db, {
    auctionId: auction.id,
    productId: product.id,
    buyerId: input.buyerId,
    sellerId: input.sellerId,
    amountCentavos: amount,
    provider: input.provider ?? 'sandbox',
    now: input.now,
    windowStart: input.now,
  });
  return { auction, product, paymentId: paymentId! };
}

/** A buy-now product (available, can_be_bought, with a sell price in centavos). */
export function insertBuyNowProduct(
  db: Database,
  sellerId: number,
  sellPriceCentavos = 80_000_00,
  name?: string,
) {
  return insertProduct(db, sellerId, {
    name: name ?? 'Funko Pop Goku',
    can_be_bought: true,
    sell_price: sellPriceCentavos,
    categoryName: 'Figuras de vinilo',
  });
}

/**
 * A past auction sale that left no auction record (the payment's auction_id is null), paid
 * `daysAgo` days before `now` and delivered four days later, as the demo buyer's history holds.
 */
export async function insertPastAuctionSale(
  db: Database,
  input: { sellerId: number; buyerId: number; now: Date; name: string; daysAgo: number },
) {
  const product = await insertProduct(db, input.sellerId, { name: input.name, status: 'delivered' });
  const day = 86_400_000;
  return insertDeliveredPayment(db, {
    kind: 'auction',
    productId: product.id,
    buyerId: input.buyerId,
    sellerId: input.sellerId,
    amount: 40_000_00,
    provider: 'sandbox',
    paidAt: new Date(input.now.getTime() - input.daysAgo * day),
    deliveredAt: new Date(input.now.getTime() - (input.daysAgo - 4) * day),
  });
}

let eventCounter = 0;

/** A Bold webhook notification for a payment link (shape of developers.bold.co/webhook). */
export function boldNotification(input: {
  type?: 'SALE_APPROVED' | 'SALE_REJECTED' | 'VOID_APPROVED';
  reference: string;
  totalPesos: number;
  id?: string;
  transactionId?: string;
  currency?: string;
}) {
  eventCounter += 1;
  const tx = input.transactionId ?? `CNPC${String(eventCounter).padStart(8, '0')}`;
  return {
    id: input.id ?? `00000000-0000-4000-8000-${String(eventCounter).padStart(12, '0')}`,
    type: input.type ?? 'SALE_APPROVED',
    subject: tx,
    source: '/payments/links',
    spec_version: '1.0',
    time: 1_761_063_334_000_000_000,
    data: {
      payment_id: tx,
      merchant_id: 'MCNTR2025ABC',
      created_at: '2025-10-21T12:30:10-05:00',
      amount: { currency: input.currency ?? 'COP', total: input.totalPesos, taxes: [], tip: 0 },
      user_id: 'usr_web_20251021',
      metadata: { reference: input.reference },
      bold_code: 'B000',
      payer_email: 'comprador.web@dominio.com',
      payment_method: 'CARD_WEB',
      integration: 'LINK',
    },
    datacontenttype: 'application/json',
  };
}

/** The raw body and headers of a signed webhook delivery. */
export function signedDelivery(notification: unknown, secret: string) {
  const rawBody = JSON.stringify(notification);
  return {
    rawBody,
    headers: { 'content-type': 'application/json', 'x-bold-signature': boldSignature(rawBody, secret) },
  };
}
