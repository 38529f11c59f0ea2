import { afterEach } from 'vitest';
import { takeUndeclaredErrorCodes } from './undeclared-codes.ts';

// Every API test file runs this first: a test whose requests got an error answer with a code its
// endpoint does not declare fails, naming the route and the code.
afterEach(() => {
  const undeclared = takeUndeclaredErrorCodes();
  if (undeclared) throw undeclared;
});
