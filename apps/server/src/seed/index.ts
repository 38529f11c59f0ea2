import type { Config } from '../config.ts';
import { aftersalePictures, seedAftersale } from './aftersale.seed.ts';
import { seedAuctions } from './auctions.seed.ts';
import { OPERATOR_PICTURE, seedOperator } from './operator.seed.ts';
import { seedPayments } from './payments.seed.ts';
import { productPictures, seedProducts } from './products.seed.ts';
import { seedQuestions } from './questions.seed.ts';
import type { SeedContext } from './seed-context.ts';
import { type SeedWork, startSeedWork } from './seed-work.ts';
import { seedSoldHistory } from './sold.seed.ts';
import { DEMO_ACCOUNTS, seedUsers } from './users.seed.ts';

export type { SeedContext } from './seed-context.ts';

/**
 * Starts the demo seed's CPU work: every account's password hash, then every picture, in the order
 * the steps use them. Given to seedDemo as `work`.
 */
export function startDemoSeedWork(config: Pick<Config, 'PASSWORD_HASH_COST'>): SeedWork {
  return startSeedWork({
    hashCost: config.PASSWORD_HASH_COST,
    hashes: DEMO_ACCOUNTS,
    images: [...productPictures(), ...aftersalePictures(), OPERATOR_PICTURE],
  });
}

/**
 * Demo data (the demo accounts, catalogue and auctions), seeded once into an empty database. Each feature owns its
 * step; later steps build on what earlier ones return.
 */
export async function seedDemo(ctx: SeedContext): Promise<void> {
  const existing = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  ctx.log.info('seeding demo data');
  const seeding = { ...ctx, work: ctx.work ?? startDemoSeedWork(ctx.config) };
  const users = await seedUsers(seeding);
  const products = await seedProducts(seeding, users);
  await seedAuctions(seeding, users, products);
  await seedPayments(seeding, users, products);
  await seedAftersale(seeding, users);
  await seedSoldHistory(seeding, users);
  await seedQuestions(seeding, users, products);
  await seedOperator(seeding, users);
}
