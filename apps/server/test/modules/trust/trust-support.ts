import type { Database } from '../../../src/platform/db.ts';

const DAY_MS = 24 * 3600_000;

/** One sale of a seller as its rows should stand: when it was paid and what happened after. */
export interface SaleSpec {
  /** Days before `now` the payment was confirmed. */
  paidDaysAgo: number;
  /** Shipped this many hours after payment; null: not shipped yet. Default: one day. */
  shippedAfterHours?: number | null;
  /** A claim was opened, with this outcome. */
  claim?: 'open' | 'escalated' | 'refunded' | 'released';
  /** A refund was asked for, with this state. */
  refund?: 'pending' | 'done' | 'failed';
  /** The payment's state (a sale is a confirmed one). Default: confirmed. */
  status?: 'confirmed' | 'pending' | 'expired' | 'rejected';
  buyerId?: number;
  name?: string;
  pesos?: number;
  brandId?: number;
  scaleId?: number | null;
  kind?: 'buy_now' | 'auction';
}

/**
 * Inserts a seller's sales straight into the database, a few statements for all of them (the
 * reputation and sold-price reads go over many rows): a product each, its payment, and the
 * claims and refunds asked for. Products are die-cast cars of one category (its first brand and
 * scale unless given). Answers the payment and product ids in the order given.
 */
export async function insertSales(
  db: Database,
  input: { sellerId: number; buyerId: number; now: Date; sales: SaleSpec[] },
): Promise<Array<{ paymentId: string; productId: number }>> {
  const { sellerId, now, sales } = input;
  if (sales.length === 0) return [];
  const category = await db
    .selectFrom('categories')
    .select('id')
    .where('name', '=', 'Autos die-cast')
    .executeTakeFirstOrThrow();
  const brand = await db
    .selectFrom('brands')
    .select('id')
    .where('category_id', '=', category.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const scale = await db.selectFrom('scales').select('id').orderBy('id').executeTakeFirstOrThrow();
  const paidAt = (s: SaleSpec) => new Date(now.getTime() - s.paidDaysAgo * DAY_MS);
  const products = await db
    .insertInto('products')
    .values(
      sales.map((s, i) => ({
        owner_id: sellerId,
        name: s.name ?? `Venta ${sellerId}-${i + 1}`,
        description: 'Descripción de prueba',
        year: 2020,
        reserve_price: 10_000_00,
        category_id: category.id,
        brand_id: s.brandId ?? brand.id,
        scale_id: s.scaleId === undefined ? scale.id : s.scaleId,
        status: (s.status ?? 'confirmed') === 'confirmed' ? ('sold' as const) : ('available' as const),
        created_at: paidAt(s),
        updated_at: paidAt(s),
      })),
    )
    .returning('id')
    .execute();
  const payments = await db
    .insertInto('payments')
    .values(
      sales.map((s, i) => {
        const at = paidAt(s);
        const status = s.status ?? 'confirmed';
        const shippedAfter = s.shippedAfterHours === undefined ? 24 : s.shippedAfterHours;
        const shipped =
          status === 'confirmed' && shippedAfter !== null
            ? new Date(at.getTime() + shippedAfter * 3600_000)
            : null;
        return {
          kind: s.kind ?? ('buy_now' as const),
          product_id: products[i]!.id,
          buyer_id: s.buyerId ?? input.buyerId,
          seller_id: sellerId,
          amount: (s.pesos ?? 50_000) * 100,
          status,
          provider: 'sandbox',
          confirmed_at: status === 'confirmed' ? at : null,
          shipping_status: shipped ? 'shipped' : 'pending',
          shipped_at: shipped,
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .returning('id')
    .execute();
  const rows = sales.map((_, i) => ({ paymentId: payments[i]!.id, productId: products[i]!.id }));
  const claims = sales.flatMap((s, i) =>
    s.claim
      ? [
          {
            payment_id: rows[i]!.paymentId,
            product_id: rows[i]!.productId,
            buyer_id: s.buyerId ?? input.buyerId,
            seller_id: sellerId,
            reason: 'danado' as const,
            description: 'El producto llegó con la caja rota y una rueda suelta.',
            status: s.claim,
            opened_at: new Date(paidAt(s).getTime() + 2 * DAY_MS),
            seller_respond_by: new Date(paidAt(s).getTime() + 5 * DAY_MS),
            resolved_at: s.claim === 'refunded' || s.claim === 'released' ? paidAt(s) : null,
            updated_at: paidAt(s),
          },
        ]
      : [],
  );
  if (claims.length > 0) await db.insertInto('claims').values(claims).execute();
  const refunds = sales.flatMap((s, i) =>
    s.refund
      ? [
          {
            payment_id: rows[i]!.paymentId,
            charge_key: `test-${rows[i]!.paymentId}`,
            provider: 'sandbox',
            amount: (s.pesos ?? 50_000) * 100,
            reason: 'Reembolso de prueba',
            status: s.refund,
            next_attempt_at: paidAt(s),
            refunded_at: s.refund === 'done' ? paidAt(s) : null,
            created_at: paidAt(s),
            updated_at: paidAt(s),
          },
        ]
      : [],
  );
  if (refunds.length > 0) await db.insertInto('refunds').values(refunds).execute();
  return rows;
}

/** `n` copies of a sale spec. */
export const times = (n: number, spec: SaleSpec): SaleSpec[] =>
  Array.from({ length: n }, () => ({ ...spec }));
