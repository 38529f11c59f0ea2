import { Secret, TOTP } from 'otpauth';
import { TEST_PASSWORD } from './users.ts';

interface App {
  ctx: { clock: { now(): Date } };
  request(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: any }>;
  advanceClock(seconds: number): Promise<void>;
}

/** The authenticator app's code for `secret` at the server's time (plus `offsetSteps` 30-second steps). */
export function totpCode(app: App, secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: app.ctx.clock.now().getTime() + offsetSteps * 30_000,
  });
}

/**
 * Turns two-step verification on for the token's account as a person would (set-up, then a code),
 * then moves the clock past that code's step so the next code is a fresh one (not in a production
 * app, which has no test clock).
 */
export async function enableTwoFactor(app: App, token: string, options: { moveClock?: boolean } = {}) {
  const setup = await app.request('POST', '/api/users/me/2fa/setup', {
    token,
    body: { current_password: TEST_PASSWORD },
  });
  if (setup.status !== 200)
    throw new Error(`2fa setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  const secret: string = setup.body.secret;
  const enable = await app.request('POST', '/api/users/me/2fa/enable', {
    token,
    body: { code: totpCode(app, secret) },
  });
  if (enable.status !== 200)
    throw new Error(`2fa enable failed: ${enable.status} ${JSON.stringify(enable.body)}`);
  if (options.moveClock !== false) await app.advanceClock(60);
  return { secret, recoveryCodes: enable.body.recovery_codes as string[] };
}
