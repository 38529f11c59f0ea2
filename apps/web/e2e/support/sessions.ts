import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { inject } from 'vitest';

type Sessions = Record<string, string>;

function readSessions(file: string): Sessions {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Sessions;
  } catch {
    return {};
  }
}

/**
 * A token for `key` (server and account) from an earlier login of this run, if `isValid` says the
 * API still accepts it (a test may have logged it out, or moved the clock past its end); else the
 * token `login` opens, kept for the next. The tokens live in one file of the run (global-setup.ts)
 * since the test files run in several processes at once. The file is replaced whole, so a reader never
 * sees half of it; two files running at once may each write it from the same reading, and the
 * token one of them added is then lost, which costs only a login later.
 */
export async function reusableSession(
  key: string,
  isValid: (token: string) => Promise<boolean>,
  login: () => Promise<string>,
): Promise<string> {
  const file = inject('sessionsFile');
  const known = readSessions(file)[key];
  if (known && (await isValid(known))) return known;
  const token = await login();
  const sessions = { ...readSessions(file), [key]: token };
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(sessions));
  renameSync(partial, file);
  return token;
}
