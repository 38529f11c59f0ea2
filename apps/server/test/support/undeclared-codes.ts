import type { UndeclaredErrorCode } from '../../src/platform/error-codes.ts';

// Kept apart from build-app.ts, which loads the whole app: the setup file that takes these runs
// before each test file's own code, and loading the app there would fix what the app reads from
// the environment at load (WEB_DIST_DIR, say) before a test file sets it.

/**
 * Error answers of any test app whose code the route does not declare, since they were last
 * taken: test/support/declared-error-codes.ts fails the test that caused them, and an app's
 * close fails on those left (made in a file's setup or teardown).
 */
const undeclaredCodes: UndeclaredErrorCode[] = [];

/** Keeps one for the next take (the test app's `onUndeclaredErrorCode`). */
export function recordUndeclaredErrorCode(undeclared: UndeclaredErrorCode): void {
  undeclaredCodes.push(undeclared);
}

/** Takes the undeclared codes seen so far, as an error naming each route and code (or null). */
export function takeUndeclaredErrorCodes(): Error | null {
  const found = undeclaredCodes.splice(0);
  if (found.length === 0) return null;
  const lines = [...new Set(found.map((u) => `${u.route} answered ${u.status} ${u.code}`))];
  return new Error(
    `error codes not declared by their endpoint (add them to its errorCodes):\n  ${lines.join('\n  ')}`,
  );
}
