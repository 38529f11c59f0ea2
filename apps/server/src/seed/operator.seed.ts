import { databaseImageStore } from '../platform/images.ts';
import { toCentavos } from '../platform/money.ts';
import type { SeedImageOptions } from '../platform/seed-images.ts';
import { insertDeliveredPayment, insertPaidPayout } from './sale-rows.ts';
import type { SeedContext } from './seed-context.ts';
import { DEMO_PASSWORD, seedWorkOf } from './seed-work.ts';
import type { DemoUsers } from './users.seed.ts';

const DAY = 24 * 3600 * 1000;

// Every demo product has a picture, the sold ones too (their sale and payout pages show it).
export const OPERATOR_PICTURE: SeedImageOptions = {
  title: 'Funko Pop! Frida Kahlo #05',
  subtitle: 'Funko · 2018',
  colors: ['#7c3aed', '#db2777'],
  badge: 'Figuras de vinilo',
};

/**
 * The operator and something for the console to show on first start: a payout already paid
 * (with its transfer reference and its audit entry) beside the payable one of the sales step,
 * and an open report.
 */
export async function seedOperator(ctx: SeedContext, users: DemoUsers): Promise<void> {
  const { db, clock, config } = ctx;
  const now = clock.now().getTime();
  const work = seedWorkOf(ctx);
  const operator = await ctx.users.createUser(
    { email: 'operador@demo.test', username: 'operador_demo', password: DEMO_PASSWORD },
    work.passwordHash(),
  );
  await db
    .updateTable('users')
    .set({ is_operator: true, name: 'Laura', last_name: 'Martínez', address: 'Bogotá, Colombia' })
    .where('id', '=', operator.id)
    .execute();

  const brand = await db
    .selectFrom('brands as b')
    .innerJoin('categories as c', 'c.id', 'b.category_id')
    .select(['b.id', 'b.category_id'])
    .where('c.name', '=', 'Figuras de vinilo')
    .orderBy('b.id')
    .executeTakeFirstOrThrow();
  const paidAt = new Date(now - 2 * DAY);
  const soldAt = new Date(now - 25 * DAY);
  const deliveredAt = new Date(now - 18 * DAY);
  const amount = toCentavos(120_000);
  const reference = 'TRF-DEMO-0001';
  const image = await work.image(OPERATOR_PICTURE);
  await db.transaction().execute(async (trx) => {
    const imageId = await databaseImageStore.save(trx, image, new Date(soldAt.getTime() - 3 * DAY));
    const product = await trx
      .insertInto('products')
      .values({
        owner_id: users.vendedor_demo,
        image_id: imageId,
        name: 'Funko Pop! Frida Kahlo #05',
        condition: 'nuevo_en_caja',
        description: 'Funko Pop! Frida Kahlo, caja en buen estado. Vendido por compra directa.',
        tags: 'demo, vendido',
        year: 2018,
        reserve_price: 0,
        can_be_bought: true,
        sell_price: amount,
        category_id: brand.category_id,
        brand_id: brand.id,
        status: 'delivered',
        created_at: new Date(soldAt.getTime() - 3 * DAY),
        updated_at: deliveredAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payment = await insertDeliveredPayment(trx, {
      kind: 'buy_now',
      productId: product.id,
      buyerId: users.coleccionista_demo,
      sellerId: users.vendedor_demo,
      amount,
      provider: config.PAYMENTS_PROVIDER,
      paidAt: soldAt,
      deliveredAt,
    });
    const payout = await insertPaidPayout(trx, {
      sellerId: users.vendedor_demo,
      paymentId: payment.id,
      productId: product.id,
      amount,
      commissionRate: config.COMMISSION_RATE,
      createdAt: soldAt,
      paidOutAt: paidAt,
      reference,
      payableSince: deliveredAt,
    });
    await trx
      .insertInto('operator_audit')
      .values({
        actor_id: operator.id,
        action: 'mark_paid',
        target_type: 'payout',
        target_id: payout.id,
        target_label: '1 pago marcado como pagado.',
        note: reference,
        created_at: paidAt,
      })
      .execute();
  });

  const reported = await db
    .selectFrom('products')
    .select('id')
    .where('owner_id', '=', users.tienda_retro)
    .where('status', 'in', ['available', 'in_auction'])
    .orderBy('id')
    .executeTakeFirst();
  if (reported) {
    await db
      .insertInto('reports')
      .values({
        reporter_id: users.comprador_demo,
        target_type: 'product',
        target_id: reported.id,
        reason: 'prohibido',
        comment: 'La descripción dice original pero las fotos parecen de una réplica.',
        created_at: new Date(now - 3600 * 1000),
      })
      .execute();
  }
}
