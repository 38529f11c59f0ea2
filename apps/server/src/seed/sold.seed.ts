import { toCentavos } from '../platform/money.ts';
import { insertDeliveredPayment, insertPaidPayout } from './sale-rows.ts';
import type { SeedContext } from './seed-context.ts';
import type { DemoUsers } from './users.seed.ts';

const DAY = 24 * 3600 * 1000;

/**
 * Past sales of products like two listed ones (the buy-now Hot Wheels Skyline and the auctioned
 * Bburago F40), so 'Vendidos recientemente' has prices to show: tienda_retro sold them to
 * coleccionista_demo months ago, delivered, and the operator already paid the seller out, so
 * they wait in no queue and appear in no pending list.
 */
const PAST_SALES = [
  {
    name: 'Hot Wheels Nissan Skyline GT-R R34 azul',
    like: 'Hot Wheels',
    scale: '1:64',
    pesos: 58_000,
    daysAgo: 40,
    kind: 'buy_now',
  },
  {
    name: 'Hot Wheels Skyline GT-R R34 Rápidos y Furiosos',
    like: 'Hot Wheels',
    scale: '1:64',
    pesos: 72_000,
    daysAgo: 95,
    kind: 'auction',
  },
  {
    name: 'Hot Wheels Nissan Skyline R34',
    like: 'Hot Wheels',
    scale: '1:64',
    pesos: 61_000,
    daysAgo: 180,
    kind: 'buy_now',
  },
  {
    name: 'Hot Wheels Nissan Skyline GT-R R34 Premium',
    like: 'Hot Wheels',
    scale: '1:64',
    pesos: 80_000,
    daysAgo: 250,
    kind: 'auction',
  },
  {
    name: 'Bburago Ferrari F40 rojo',
    like: 'Bburago',
    scale: '1:24',
    pesos: 95_000,
    daysAgo: 30,
    kind: 'auction',
  },
  {
    name: 'Bburago Ferrari F40 Competizione',
    like: 'Bburago',
    scale: '1:24',
    pesos: 120_000,
    daysAgo: 120,
    kind: 'buy_now',
  },
  {
    name: 'Bburago Ferrari F40 1987',
    like: 'Bburago',
    scale: '1:24',
    pesos: 88_000,
    daysAgo: 200,
    kind: 'auction',
  },
] as const;

export async function seedSoldHistory(ctx: SeedContext, users: DemoUsers): Promise<void> {
  const { db, clock, config } = ctx;
  const now = clock.now().getTime();
  const [brands, scales] = await Promise.all([
    db
      .selectFrom('brands as b')
      .innerJoin('categories as c', 'c.id', 'b.category_id')
      .select(['b.id', 'b.name', 'b.category_id'])
      .where('c.name', '=', 'Autos die-cast')
      .execute(),
    db.selectFrom('scales').select(['id', 'name']).execute(),
  ]);
  await db.transaction().execute(async (trx) => {
    for (const sale of PAST_SALES) {
      const brand = brands.find((b) => b.name === sale.like);
      const scale = scales.find((s) => s.name === sale.scale);
      if (!brand || !scale) throw new Error(`seed: unknown brand or scale for ${sale.name}`);
      const paidAt = new Date(now - sale.daysAgo * DAY);
      const deliveredAt = new Date(paidAt.getTime() + 4 * DAY);
      const amount = toCentavos(sale.pesos);
      const product = await trx
        .insertInto('products')
        .values({
          owner_id: users.tienda_retro,
          name: sale.name,
          description: `${sale.name}. Vendido hace ${sale.daysAgo} días.`,
          tags: 'demo, vendido',
          year: 2020,
          reserve_price: 0,
          can_be_bought: sale.kind === 'buy_now',
          sell_price: sale.kind === 'buy_now' ? amount : null,
          category_id: brand.category_id,
          brand_id: brand.id,
          scale_id: scale.id,
          condition: 'nuevo_en_caja',
          status: 'delivered',
          created_at: new Date(paidAt.getTime() - 3 * DAY),
          updated_at: deliveredAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const payment = await insertDeliveredPayment(trx, {
        kind: sale.kind,
        productId: product.id,
        buyerId: users.coleccionista_demo,
        sellerId: users.tienda_retro,
        amount,
        provider: config.PAYMENTS_PROVIDER,
        paidAt,
        deliveredAt,
      });
      const paidOut = new Date(deliveredAt.getTime() + 8 * DAY);
      await insertPaidPayout(trx, {
        sellerId: users.tienda_retro,
        paymentId: payment.id,
        productId: product.id,
        amount,
        commissionRate: config.COMMISSION_RATE,
        createdAt: paidAt,
        paidOutAt: paidOut,
        reference: `DEMO-${payment.id.slice(0, 8)}`,
      });
    }
  });
}
