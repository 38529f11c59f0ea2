import { seedAftersale } from './aftersale.seed.ts';
import { seedAuctions } from './auctions.seed.ts';
import { seedOperator } from './operator.seed.ts';
import { seedPayments } from './payments.seed.ts';
import { seedProducts } from './products.seed.ts';
import { seedQuestions } from './questions.seed.ts';
import type { SeedContext } from './seed-context.ts';
import { seedSoldHistory } from './sold.seed.ts';
import { seedUsers } from './users.seed.ts';

export type { SeedContext } from './seed-context.ts';

/**
 * Demo data (the demo accounts, catalogue and auctions), seeded once into an empty database. Each feature owns its
 * step; later steps build on what earlier ones return.
 */
export async function seedDemo(ctx: SeedContext): Promise<void> {
  const existing = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  ctx.log.info('seeding demo data');
  const users = await seedUsers(ctx);
  const products = await seedProducts(ctx, users);
  await seedAuctions(ctx, users, products);
  await seedPayments(ctx, users, products);
  await seedAftersale(ctx, users);
  await seedSoldHistory(ctx, users);
  await seedQuestions(ctx, users, products);
  await seedOperator(ctx, users);
}
