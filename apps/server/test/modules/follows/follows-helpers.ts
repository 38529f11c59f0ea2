import { createProductPayload, insertProduct, type ReferenceIds } from '../../factories/products.ts';
import type { insertUserWithToken } from '../../factories/users.ts';
import type { TestApp } from '../../support/build-app.ts';

export type User = Awaited<ReturnType<typeof insertUserWithToken>>;

/** What a seller's followers hear of: an auction started now, or a buy-now product listed. */
export function listings(t: TestApp, ids: () => ReferenceIds, image: () => string) {
  return {
    /** Creates an auction of a new product and starts it now (the owner's 'Activar'). */
    async startAuction(seller: User, title = 'Subasta de prueba') {
      const product = await insertProduct(t.ctx.db, seller.user.id, { name: `Lote ${Math.random()}` });
      const created = await t.request('POST', '/api/auctions/create', {
        token: seller.token,
        body: {
          title,
          min_offer: 1000,
          max_offer: 50000,
          is_flash: false,
          duration: 24,
          started_at: null,
          products: [product.id],
        },
      });
      if (created.status !== 201) throw new Error(`auction create: ${JSON.stringify(created.body)}`);
      const started = await t.request('GET', `/api/auctions/${created.body.id}/activate`, {
        token: seller.token,
      });
      if (started.status !== 200) throw new Error(`activate: ${JSON.stringify(started.body)}`);
      return created.body.id as number;
    },

    async listBuyNow(seller: User, name = 'Mini GT Skyline', canBeBought = true) {
      const res = await t.request('POST', '/api/products/create', {
        token: seller.token,
        body: createProductPayload(ids(), image(), {
          name,
          can_be_bought: canBeBought,
          sell_price: canBeBought ? 90000 : null,
        }),
      });
      if (res.status !== 201) throw new Error(`product create: ${JSON.stringify(res.body)}`);
      return res.body.product.id as number;
    },
  };
}

/** The user's `followed_seller` notices, oldest first. */
export function followNotices(t: TestApp, userId: number) {
  return t.ctx.db
    .selectFrom('notifications')
    .select(['title', 'message', 'link', 'created_at'])
    .where('user_id', '=', userId)
    .where('type', '=', 'followed_seller')
    .orderBy('id')
    .execute();
}

/** Seconds from the app's clock to the next 23:30 in Bogotá (UTC-5, no daylight saving). */
export function secondsToBogotaLateEvening(t: TestApp): number {
  const DAY = 86_400_000;
  const bogota = t.ctx.clock.now().getTime() - 5 * 3_600_000;
  const target = 23.5 * 3_600_000;
  const into = ((bogota % DAY) + DAY) % DAY;
  const wait = (target - into + DAY) % DAY || DAY;
  return Math.ceil(wait / 1000);
}
