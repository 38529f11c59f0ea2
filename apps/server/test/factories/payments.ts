import { boldSignature } from '../../src/modules/payments/bold-signature.ts';
import { createWonAuctionItem } from '../../src/modules/payments/won-items.service.ts';
import type { Database } from '../../src/platform/db.ts';
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

/**
 * A recorded webhook: the "Tarjeta web (Link de pago)" example body of Bold's webhook
 * documentation, byte for byte as delivered (compact JSON), with signatures computed apart from
 * this code (OpenSSL: `base64 -w0 body | openssl dgst -sha256 -hmac KEY -hex`) following the
 * documented scheme: HMAC-SHA256 of the Base64 of the raw body with the secret key, in hex.
 */
export const RECORDED_BODY =
  '{"id":"a9c1d0f5-3b7e-4d2a-9f6c-8e4b5d2f0a1b","type":"SALE_APPROVED","subject":"CNPCGSPS2WBA8","source":"/payments/links","spec_version":"1.0","time":1761063334000000000,"data":{"payment_id":"CNPCGSPS2WBA8","merchant_id":"MCNTR2025ABC","created_at":"2025-10-21T12:30:10-05:00","amount":{"currency":"COP","total":59900,"taxes":[{"base":49916,"type":"VAT","value":9484}],"tip":500},"user_id":"usr_web_20251021","metadata":{"reference":"WEB-ORD-009876"},"bold_code":"B000","payer_email":"comprador.web@dominio.com","payment_method":"CARD_WEB","card":{"brand":"VISA","cardholder_name":"CARLOS ALDANA","masked_pan":"411111****5432","installments":1,"card_type":"CREDIT"},"approval_number":"123456","integration":"LINK"},"datacontenttype":"application/json"}';
export const RECORDED_KEY = 'KVwpsp4WlWny3apOYoGWvg';
export const RECORDED_SIGNATURE = '61b812c849fa3b8c8a04f6ba0b51ac642a826c3dc315f2c7072a12b159c1ec1a';
