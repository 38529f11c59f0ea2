import type { SeedContext } from './index.ts';
import type { DemoProducts } from './products.seed.ts';
import type { DemoUsers } from './users.seed.ts';

/** Demo shipping addresses and bank accounts. */
export async function seedPayments(
  _ctx: SeedContext,
  _users: DemoUsers,
  _products: DemoProducts,
): Promise<void> {}
