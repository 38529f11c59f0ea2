import { LoginInputSchema } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';

/** The login form's check: the login call's own input schema, with its Spanish messages. */
export const resolveLogin = zodResolver(LoginInputSchema);
