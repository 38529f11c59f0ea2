import type { SeedContext } from './index.ts';
import type { DemoProducts } from './products.seed.ts';
import type { DemoUsers } from './users.seed.ts';

/** Demo auctions and bids (CONTRACT section 3). */
export async function seedAuctions(
  _ctx: SeedContext,
  _users: DemoUsers,
  _products: DemoProducts,
): Promise<void> {}
