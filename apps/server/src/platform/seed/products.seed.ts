import type { SeedContext } from './index.ts';
import type { DemoUsers } from './users.seed.ts';

/**
 * The demo products by purpose. Products meant for auctions are left `available`; the auctions
 * seed puts them in their auctions.
 */
export interface DemoProducts {
  /** vendedor_demo: available, in no auction. */
  available: number[];
  /** vendedor_demo: can_be_bought with sell_price. */
  buyNow: number[];
  /** vendedor_demo: for the first active auction (2+). */
  auctionA: number[];
  /** vendedor_demo: for the second active auction (2+). */
  auctionB: number[];
  /** vendedor_demo: for the upcoming auction with manual activation. */
  upcoming: number[];
  /** tienda_retro: for its active auction. */
  storeAuction: number[];
  /** tienda_retro: buy-now products. */
  storeBuyNow: number[];
}

export async function seedProducts(_ctx: SeedContext, _users: DemoUsers): Promise<DemoProducts> {
  return {
    available: [],
    buyNow: [],
    auctionA: [],
    auctionB: [],
    upcoming: [],
    storeAuction: [],
    storeBuyNow: [],
  };
}
