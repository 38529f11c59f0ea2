import { insertAuction } from '../../factories/auctions.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

export type BidsUser = Awaited<ReturnType<typeof insertUserWithToken>>;

/** The app of the bids tests, with a seller and two bidders (ana, beto) logged in. */
export async function startBidsApp() {
  const t = await startTestApp();
  return {
    t,
    seller: await insertUserWithToken(t, { is_seller: true, username: 'vendedora' }),
    ana: await insertUserWithToken(t, { username: 'ana' }),
    beto: await insertUserWithToken(t, { username: 'beto' }),
  };
}

/** Placing a bid, an auction of the seller's, and a product's race row as stored. */
export function bidsHelpers(app: () => { t: TestApp; seller: BidsUser }) {
  return {
    bid: (token: string, body: unknown) => app().t.request('POST', '/api/bids/create-bid', { token, body }),
    newAuction: (options: Partial<Parameters<typeof insertAuction>[2]> = {}) => {
      const { t, seller } = app();
      return insertAuction(t.ctx.db, seller.user.id, { now: t.ctx.clock.now(), ...options });
    },
    race: (auctionId: number, productId: number) =>
      app()
        .t.ctx.db.selectFrom('auction_products')
        .selectAll()
        .where('auction_id', '=', auctionId)
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow(),
  };
}
