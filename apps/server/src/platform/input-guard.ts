import { commonMessages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** True when some string inside `value` holds a NUL character; iterative, so depth costs nothing. */
function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold NUL, so a NUL that reached a query would fail it (a 500). No field
 * of this API has a use for one: a body or query holding one is invalid input (400). Path
 * parameters are each checked by their route (an id pattern, or a 404 naming nothing), and the
 * search term reads control characters as spaces.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const nul = containsNul(request.query) || containsNul(request.body);
    done(nul ? new AppError('INVALID_INPUT', 400, commonMessages.invalidInput) : undefined);
  });
}
