import type { UsersService } from '../modules/users/users.service.ts';
import type { AppContext } from '../platform/context.ts';

/** What every seed step receives: the app's context and the users service that creates accounts. */
export type SeedContext = AppContext & { users: UsersService };
