import { insertAuction } from '../../factories/auctions.ts';
import { insertProduct, referenceIds } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import type { TestApp } from '../../support/build-app.ts';

const HOUR = 3600_000;

/**
 * The catalogue the browse tests read: products of two sellers in each kind, category, brand,
 * scale, condition and price, filling `p` with their ids by a short name.
 */
export async function seedBrowseCatalog(t: TestApp, p: Record<string, number>) {
  const ids = await referenceIds(t.ctx.db);
  const seller = await insertUserWithToken(t, { is_seller: true });
  const store = await insertUserWithToken(t, { is_seller: true });
  const db = t.ctx.db;
  const now = t.ctx.clock.now();
  const at = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const cars = { categoryName: 'Autos die-cast' };
  const cards = { categoryName: 'Cartas coleccionables', scale_id: null };
  const vinyl = { categoryName: 'Figuras de vinilo', scale_id: null };

  p.camion = (
    await insertProduct(db, seller.user.id, {
      ...cars,
      name: 'Hot Wheels Camión de bomberos',
      brand_id: ids.brand['Hot Wheels'],
      scale_id: ids.scale['1:64'],
      condition: 'usado',
      can_be_bought: true,
      sell_price: 50_000_00,
      created_at: at(50),
    })
  ).id;
  p.charizard = (
    await insertProduct(db, store.user.id, {
      ...cards,
      name: 'Carta Pokémon Charizard',
      brand_id: ids.brand.Pokémon,
      condition: 'nuevo_en_caja',
      grading_company: 'PSA',
      grading_grade: 9.5,
      grading_certificate: '777',
      can_be_bought: true,
      sell_price: 200_000_00,
      created_at: at(40),
    })
  ).id;
  p.funko = (
    await insertProduct(db, store.user.id, {
      ...vinyl,
      name: 'Funko Pop Batman',
      brand_id: ids.brand.Funko,
      can_be_bought: true,
      sell_price: 80_000_00,
      created_at: at(30),
    })
  ).id;
  p.supra = (
    await insertProduct(db, seller.user.id, {
      ...cars,
      name: 'Mini GT Toyota Supra',
      brand_id: ids.brand['Mini GT'],
      scale_id: ids.scale['1:64'],
      condition: 'nuevo_en_caja',
      can_be_bought: true,
      sell_price: 80_000_00,
      created_at: at(30),
    })
  ).id;
  // Never listed: not for direct purchase, already sold, or cancelled.
  p.notForSale = (
    await insertProduct(db, seller.user.id, {
      ...cars,
      name: 'Hot Wheels no a la venta',
      created_at: at(5),
    })
  ).id;
  p.sold = (
    await insertProduct(db, seller.user.id, {
      ...cars,
      name: 'Hot Wheels vendido',
      can_be_bought: true,
      sell_price: 10_000_00,
      status: 'sold',
      created_at: at(5),
    })
  ).id;

  const running = await insertAuction(db, seller.user.id, {
    now,
    title: 'Subasta de clásicos',
    productCount: 2,
    endTime: new Date(now.getTime() + 2 * HOUR),
  });
  const [ferrari, blastoise] = running.products;
  p.ferrari = ferrari!.id;
  p.blastoise = blastoise!.id;
  await db
    .updateTable('products')
    .set({
      name: 'Bburago Ferrari F40',
      brand_id: ids.brand.Bburago,
      scale_id: ids.scale['1:18'],
      condition: 'con_detalles',
      base_price: 20_000_00,
      // created_at is write-once in the schema's types; the test backdates it.
      created_at: at(20) as never,
    })
    .where('id', '=', p.ferrari)
    .execute();
  await db
    .updateTable('auction_products')
    .set({ highest_bid: 120_000_00, bid_count: 3 })
    .where('product_id', '=', p.ferrari)
    .execute();
  const blastoiseCategory = await db
    .selectFrom('categories')
    .select('id')
    .where('name', '=', 'Cartas coleccionables')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('products')
    .set({
      name: 'Carta Pokémon Blastoise',
      category_id: blastoiseCategory.id,
      brand_id: ids.brand.Pokémon,
      scale_id: null,
      condition: 'usado',
      base_price: 30_000_00,
      created_at: at(10) as never,
    })
    .where('id', '=', p.blastoise)
    .execute();
  // A product of a running auction whose own end has passed, and one ending later (soft close).
  const late = await insertAuction(db, store.user.id, {
    now,
    productCount: 2,
    endTime: new Date(now.getTime() + 1 * HOUR),
    product: { created_at: at(15) },
  });
  p.endedOwn = late.products[0]!.id;
  p.extended = late.products[1]!.id;
  await db
    .updateTable('auction_products')
    .set({ end_time: new Date(now.getTime() - 60_000) })
    .where('product_id', '=', p.endedOwn)
    .execute();
  await db
    .updateTable('auction_products')
    .set({ end_time: new Date(now.getTime() + 3 * HOUR), highest_bid: 5_000_00, bid_count: 1 })
    .where('product_id', '=', p.extended)
    .execute();
  await db
    .updateTable('products')
    .set({ name: 'Matchbox Land Rover' })
    .where('id', '=', p.extended)
    .execute();
  // Not buyable now: an upcoming auction and an ended one.
  p.upcoming = (await insertAuction(db, seller.user.id, { now, status: 'upcoming', productCount: 1 }))
    .products[0]!.id;
  p.ended = (
    await insertAuction(db, seller.user.id, {
      now,
      status: 'ended',
      productCount: 1,
      startTime: at(600),
      endTime: at(60),
    })
  ).products[0]!.id;
  return { ids, seller, store };
}
