import type { UsersService } from '../modules/users/users.service.ts';
import type { AppContext } from '../platform/context.ts';
import type { SeedWork } from './seed-work.ts';

/**
 * What every seed step receives: the app's context, the users service that creates accounts and
 * the seed's CPU work, started ahead (a step run on its own makes it as it goes, see seedWorkOf).
 */
export type SeedContext = AppContext & { users: UsersService; work?: SeedWork };
