import { computeCommission, sellerRespondBy } from '@app/contracts';
import { defaultAddressForSale } from '../modules/shipping/shipping-addresses.service.ts';
import { databaseImageStore } from '../platform/images.ts';
import { toCentavos } from '../platform/money.ts';
import type { SeedImageOptions } from '../platform/seed-images.ts';
import type { SeedContext } from './seed-context.ts';
import { seedWorkOf } from './seed-work.ts';
import type { DemoUsers } from './users.seed.ts';

const DAY = 24 * 3600 * 1000;

const SALES = [
  {
    seller: 'vendedor_demo',
    name: "Hot Wheels '67 Camaro Treasure Hunt",
    brand: 'Hot Wheels',
    category: 'Autos die-cast',
    year: 2019,
    scale: '1:64',
    pesos: 85_000,
    colors: ['#b71c1c', '#ff8a65'],
    paidDaysAgo: 16,
    shippedDaysAgo: 14,
    deliveredDaysAgo: 10,
    rating: { score: 5, comment: 'Llegó rapidísimo y muy bien empacado. ¡Vendedor recomendado!' },
    claim: null,
  },
  {
    seller: 'tienda_retro',
    name: 'Carta Pokémon Blastoise Holográfica',
    brand: 'Pokémon TCG',
    category: 'Cartas coleccionables',
    year: 1999,
    scale: null,
    pesos: 210_000,
    colors: ['#0d47a1', '#4fc3f7'],
    paidDaysAgo: 3,
    shippedDaysAgo: 1,
    deliveredDaysAgo: null,
    rating: null,
    claim: {
      reason: 'no_llego',
      description:
        'La guía dice que fue enviada hace un día, pero no aparece en el rastreo de la transportadora.',
      openedHoursAgo: 6,
      sellerReply: 'Hola, ya la despachamos; la transportadora suele actualizar el rastreo en 24 horas.',
    },
  },
] as const;

const pictureOf = (sale: (typeof SALES)[number]): SeedImageOptions => ({
  title: sale.name,
  subtitle: `${sale.brand} · ${sale.year}`,
  colors: [...sale.colors],
  badge: sale.category,
});

/** The pictures of this step's sold products. */
export const aftersalePictures = (): SeedImageOptions[] => SALES.map(pictureOf);

/**
 * Sales that already happened, so the purchases, payouts, ratings and claims pages are not empty
 * on first start: comprador_demo bought from vendedor_demo (delivered and rated 5 stars, its claim
 * window over, payout payable) and from tienda_retro (shipped, waiting for 'Confirmar recepción',
 * with an open claim, payout held).
 */
export async function seedAftersale(ctx: SeedContext, users: DemoUsers): Promise<void> {
  const { db, clock, config } = ctx;
  const now = clock.now().getTime();
  const work = seedWorkOf(ctx);
  const address = await defaultAddressForSale(db, users.comprador_demo);

  for (const sale of SALES) {
    const brand = await db
      .selectFrom('brands as b')
      .innerJoin('categories as c', 'c.id', 'b.category_id')
      .select(['b.id', 'b.category_id'])
      .where('c.name', '=', sale.category)
      .orderBy((eb) => eb(eb.fn('lower', ['b.name']), '=', sale.brand.toLowerCase()), 'desc')
      .orderBy('b.id')
      .executeTakeFirstOrThrow();
    const scale = sale.scale
      ? await db.selectFrom('scales').select('id').where('name', '=', sale.scale).executeTakeFirst()
      : undefined;
    const image = await work.image(pictureOf(sale));
    const sellerId = users[sale.seller];
    const at = (days: number | null) => (days === null ? null : new Date(now - days * DAY));
    const paidAt = at(sale.paidDaysAgo)!;
    const amount = toCentavos(sale.pesos);
    await db.transaction().execute(async (trx) => {
      const listed = new Date(paidAt.getTime() - 2 * DAY);
      const imageId = await databaseImageStore.save(trx, image, listed);
      const delivered = sale.deliveredDaysAgo !== null;
      const product = await trx
        .insertInto('products')
        .values({
          owner_id: sellerId,
          name: sale.name,
          description: `${sale.name}, en su empaque original. Vendido por compra directa.`,
          tags: 'demo, vendido',
          year: sale.year,
          image_id: imageId,
          reserve_price: 0,
          can_be_bought: true,
          sell_price: amount,
          category_id: brand.category_id,
          brand_id: brand.id,
          scale_id: scale?.id ?? null,
          condition: 'nuevo_en_caja',
          status: delivered ? 'delivered' : 'shipped',
          created_at: listed,
          updated_at: paidAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const payment = await trx
        .insertInto('payments')
        .values({
          kind: 'buy_now',
          product_id: product.id,
          buyer_id: users.comprador_demo,
          seller_id: sellerId,
          amount,
          status: 'confirmed',
          provider: config.PAYMENTS_PROVIDER,
          confirmed_at: paidAt,
          shipping_address: address ? JSON.stringify(address) : null,
          shipping_status: delivered ? 'delivered' : 'shipped',
          shipped_at: at(sale.shippedDaysAgo),
          delivered_at: at(sale.deliveredDaysAgo),
          expires_at: paidAt,
          created_at: paidAt,
          updated_at: paidAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { commission, payable } = computeCommission(amount, config.COMMISSION_RATE);
      await trx
        .insertInto('payouts')
        .values({
          seller_id: sellerId,
          payment_id: payment.id,
          product_id: product.id,
          product_amount: amount,
          commission_amount: commission,
          payment_processor_fee: 0,
          payable_amount: payable,
          status: delivered ? 'payable' : 'held',
          created_at: paidAt,
          updated_at: paidAt,
        })
        .execute();
      if (sale.claim) {
        const openedAt = new Date(now - sale.claim.openedHoursAgo * 3600 * 1000);
        const claim = await trx
          .insertInto('claims')
          .values({
            payment_id: payment.id,
            product_id: product.id,
            buyer_id: users.comprador_demo,
            seller_id: sellerId,
            reason: sale.claim.reason,
            description: sale.claim.description,
            status: 'open',
            opened_at: openedAt,
            seller_respond_by: sellerRespondBy(openedAt),
            updated_at: openedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('claim_messages')
          .values({
            claim_id: claim.id,
            author_id: sellerId,
            author_role: 'seller',
            text: sale.claim.sellerReply,
            created_at: new Date(openedAt.getTime() + 3600 * 1000),
          })
          .execute();
      }
      if (sale.rating) {
        await trx
          .insertInto('ratings')
          .values({
            payment_id: payment.id,
            product_id: product.id,
            seller_id: sellerId,
            buyer_id: users.comprador_demo,
            score: sale.rating.score,
            comment: sale.rating.comment,
            created_at: at(sale.deliveredDaysAgo)!,
          })
          .execute();
      }
    });
  }
}
