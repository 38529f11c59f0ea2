import {
  shippingStatusMessages as messages,
  type SaleShippingAddress,
  type SoldProduct,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { imageUrl } from '../../platform/images.ts';
import { toPesos } from '../../platform/money.ts';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.ts';
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

export type SalesService = ReturnType<typeof createSalesService>;

/** The seller's side of fulfilment: what was sold to whom, and marking it shipped. */
export function createSalesService(ctx: AppContext) {
  const { db, clock, events } = ctx;

  return {
    /** The seller's confirmed sales with buyer details and the shipping address of each. */
    async listSoldProducts(sellerId: number, page: number, size: number): Promise<SoldProduct[]> {
      const rows = await repo.listSales(db, sellerId, size, (page - 1) * size);
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
      }));
    },

    /** Only the seller of that sale, only pending → shipped; the buyer is told. */
    async markShipped(sellerId: number, productId: number) {
      const now = clock.now();
      const created = await db.transaction().execute(async (trx) => {
        const sale = await repo.findSaleForUpdate(trx, productId);
        if (!sale || sale.seller_id !== sellerId) throw notFound('SALE_NOT_FOUND', messages.saleNotFound);
        if (sale.shipping_status !== 'pending') throw conflict('ALREADY_SHIPPED', messages.alreadyShipped);
        await repo.markShipped(trx, sale.id, now);
        const product = await repo.markProductShipped(trx, productId, now);
        return createNotifications(
          trx,
          [
            {
              userId: sale.buyer_id,
              type: 'item_shipped',
              title: 'Tu producto fue enviado',
              message: `El vendedor marcó "${product.name}" como enviado. Pronto llegará a tu dirección.`,
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
