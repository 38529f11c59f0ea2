import type { UsersService } from '../../modules/users/users.service.ts';
import type { AppContext } from '../context.ts';
import { seedUsers } from './users.seed.ts';

export type SeedContext = AppContext & { users: UsersService };

/**
 * Demo data of CONTRACT section 3, seeded once into an empty database. Each feature adds its
 * own step after the ones it builds on.
 */
export async function seedDemo(ctx: SeedContext): Promise<void> {
  const existing = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  ctx.log.info('seeding demo data');
  const demo = await seedUsers(ctx);
  void demo;
}
