import {
  AUTO_DELIVERY_DAYS,
  type Carrier,
  claimWindowEndsAt,
  shippingStatusMessages as messages,
  type PurchasedProduct,
  type SaleShippingAddress,
  type SoldProduct,
  toTracking,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { imageUrl } from '../../platform/images.ts';
import { toPesos } from '../../platform/money.ts';
import { latestClaimsOfPayments } from '../claims/claims.service.ts';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.ts';
import * as shipmentStates from '../payments/shipment-states.service.ts';
import { productLifecycle } from '../products/product-lifecycle.service.ts';
import { salesRepository as repo } from './sales.repository.ts';

function readAddress(value: unknown): SaleShippingAddress | string | null {
  if (!value) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    const a = value as Record<string, unknown>;
    const text = (key: string) => (typeof a[key] === 'string' ? (a[key] as string) : '');
    return {
      address: text('address'),
      city: text('city'),
      state: text('state'),
      country: text('country'),
      zip_code: text('zip_code') || text('postal_code'),
    };
  }
  return null;
}

const AUTO_DELIVERY_MS = AUTO_DELIVERY_DAYS * 24 * 3600 * 1000;
const DELIVERY_BATCH = 50;

type LockedSale = { id: string; seller_id: number; product_id: number };

/** Marks one locked shipped sale delivered and tells the seller their payout is released. */
async function deliver(trx: Database, sale: LockedSale, now: Date, automatic: boolean, windowDays: number) {
  await shipmentStates.markDelivered(trx, sale.id, now);
  // The payout stays held: it becomes payable once the claim window after delivery has passed
  // with no open claim (the claims module's timed job).
  const product = await productLifecycle.deliver(trx, sale.product_id, now);
  const how = automatic
    ? `pasaron ${AUTO_DELIVERY_DAYS} días desde el envío de "${product.name}" y se dio por entregado`
    : `el comprador confirmó que recibió "${product.name}"`;
  return createNotifications(
    trx,
    [
      {
        userId: sale.seller_id,
        type: 'item_delivered',
        title: 'Producto entregado',
        message: `¡Buenas noticias! ${how[0]!.toUpperCase()}${how.slice(1)}. Tu pago quedará disponible cuando terminen los ${windowDays} días del periodo de reclamos, si no hay un reclamo abierto.`,
        link: '/seller/payments',
      },
    ],
    now,
  );
}

/** The seller's side of fulfilment: what was sold to whom, and marking it shipped. */
export function createSalesService(ctx: AppContext) {
  const { db, clock, events, config } = ctx;

  return {
    /** The seller's confirmed sales with buyer details and the shipping address of each. */
    async listSoldProducts(sellerId: number, page: number, size: number): Promise<SoldProduct[]> {
      const rows = await repo.listSales(db, sellerId, size, (page - 1) * size);
      const claims = await latestClaimsOfPayments(db, rows);
      return rows.map((r) => ({
        product_id: r.product_id,
        payment_id: r.payment_id,
        product_name: r.product_name,
        product_image: imageUrl(r.image_id, 'thumb'),
        sold_price: toPesos(r.amount),
        currency: r.currency,
        buyer_name: [r.buyer_first_name, r.buyer_last_name].filter(Boolean).join(' ') || null,
        buyer_username: r.buyer_username,
        buyer_email: r.buyer_email,
        buyer_phone: r.buyer_phone,
        shipping_address: readAddress(r.shipping_address),
        product_status: r.product_status,
        shipping_status: r.shipping_status,
        sold_at: r.confirmed_at?.toISOString() ?? null,
        shipped_at: r.shipped_at?.toISOString() ?? null,
        tracking: toTracking(r.carrier, r.tracking_number),
        claim: claims.get(r.payment_id) ?? null,
      }));
    },

    /** The buyer's confirmed purchases with shipping state and their rating, newest first. */
    async listPurchases(buyerId: number, page: number, size: number): Promise<PurchasedProduct[]> {
      const rows = await repo.listPurchases(db, buyerId, size, (page - 1) * size);
      const claims = await latestClaimsOfPayments(db, rows);
      return rows.map((r) => ({
        product_id: r.product_id,
        payment_id: r.payment_id,
        kind: r.kind,
        product_name: r.product_name,
        product_image: imageUrl(r.image_id, 'thumb'),
        price: toPesos(r.amount),
        currency: r.currency,
        seller_username: r.seller_username,
        product_status: r.product_status,
        shipping_status: r.shipping_status,
        paid_at: r.confirmed_at?.toISOString() ?? null,
        shipped_at: r.shipped_at?.toISOString() ?? null,
        delivered_at: r.delivered_at?.toISOString() ?? null,
        tracking: toTracking(r.carrier, r.tracking_number),
        claim_window_ends_at: r.delivered_at
          ? claimWindowEndsAt(r.delivered_at, config.CLAIM_WINDOW_DAYS).toISOString()
          : null,
        claim: claims.get(r.payment_id) ?? null,
        rating:
          r.rating_score === null || r.rating_created_at === null
            ? null
            : {
                score: r.rating_score,
                comment: r.rating_comment,
                created_at: r.rating_created_at.toISOString(),
              },
      }));
    },

    /** Only the buyer of that sale (anyone else: not found), only shipped → delivered. */
    async confirmDelivery(buyerId: number, productId: number) {
      const now = clock.now();
      const created = await db.transaction().execute(async (trx) => {
        const sale = await repo.findSaleForUpdate(trx, productId);
        if (!sale || sale.buyer_id !== buyerId)
          throw notFound('PURCHASE_NOT_FOUND', messages.purchaseNotFound);
        if (sale.shipping_status !== 'shipped') throw conflict('NOT_SHIPPED', messages.notShipped);
        return deliver(trx, sale, now, false, config.CLAIM_WINDOW_DAYS);
      });
      await publishNotifications(events, created);
      return {
        message: messages.deliveryConfirmed,
        product_id: productId,
        shipping_status: 'delivered' as const,
        product_status: 'delivered' as const,
      };
    },

    /** Shipped sales nobody confirmed become delivered this long after shipping (a timed job). */
    async deliverDue(now: Date): Promise<number> {
      const shippedBefore = new Date(now.getTime() - AUTO_DELIVERY_MS);
      const created = await db.transaction().execute(async (trx) => {
        const due = await repo.claimDueDeliveries(trx, shippedBefore, DELIVERY_BATCH);
        const notices = [];
        for (const sale of due)
          notices.push(...(await deliver(trx, sale, now, true, config.CLAIM_WINDOW_DAYS)));
        return notices;
      });
      await publishNotifications(events, created);
      return created.length;
    },

    /** Only the seller of that sale, only pending → shipped; the buyer is told. */
    async markShipped(
      sellerId: number,
      productId: number,
      tracking: { carrier?: Carrier | undefined; tracking_number?: string | undefined } = {},
    ) {
      const now = clock.now();
      const created = await db.transaction().execute(async (trx) => {
        // Items paid together travel together: one click, one tracking number, all of them.
        const shipment = await shipmentStates.lockShipment(trx, productId);
        const sale = shipment.find((row) => row.product_id === productId);
        if (!sale || sale.seller_id !== sellerId) throw notFound('SALE_NOT_FOUND', messages.saleNotFound);
        if (sale.shipping_status !== 'pending') throw conflict('ALREADY_SHIPPED', messages.alreadyShipped);
        const names: string[] = [];
        for (const row of shipment) {
          if (row.shipping_status !== 'pending') continue;
          await shipmentStates.markShipped(
            trx,
            row.id,
            { carrier: tracking.carrier ?? null, tracking_number: tracking.tracking_number ?? null },
            now,
          );
          names.push((await productLifecycle.ship(trx, row.product_id, now)).name);
        }
        const together = names.map((name) => `"${name}"`).join(', ');
        return createNotifications(
          trx,
          [
            {
              userId: sale.buyer_id,
              type: 'item_shipped',
              title: names.length > 1 ? 'Tus productos fueron enviados' : 'Tu producto fue enviado',
              message:
                names.length > 1
                  ? `El vendedor marcó ${together} como enviados en un solo paquete. Pronto llegarán a tu dirección.`
                  : `El vendedor marcó ${together} como enviado. Pronto llegará a tu dirección.`,
              link: sale.kind === 'auction' ? '/auctions/won/' : `/products/buy/${productId}`,
            },
          ],
          now,
        );
      });
      await publishNotifications(events, created);
      return {
        message: messages.markedShipped,
        product_id: productId,
        shipping_status: 'shipped' as const,
        product_status: 'shipped' as const,
      };
    },
  };
}
