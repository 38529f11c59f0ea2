import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import { createBoldProvider } from './bold-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';

/** BOLD_SECRET_KEY, or a secret generated once into DATA_DIR so the sandbox signs like Bold. */
export function resolveSandboxSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'sandbox-webhook-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process wrote it first: use theirs.
      return readFileSync(file, 'utf8').trim();
    }
  }
}

/** PAYMENTS_PROVIDER picks the implementation (config.ts checks the Bold keys are set). */
export function createPaymentProvider(config: Config, clock: Clock): PaymentProvider {
  if (config.PAYMENTS_PROVIDER === 'bold') {
    return createBoldProvider({
      apiUrl: config.BOLD_API_URL,
      apiKey: config.BOLD_API_KEY ?? '',
      secretKey: config.BOLD_SECRET_KEY ?? '',
      timeoutMs: config.BOLD_TIMEOUT_MS,
    });
  }
  return createSandboxProvider(resolveSandboxSecret(config.BOLD_SECRET_KEY, config.dataDir), clock);
}
