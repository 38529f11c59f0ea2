import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_CLAIM_WINDOW_DAYS } from '@app/contracts';
import { z } from 'zod';
import { DEFAULT_PASSWORD_HASH_COST } from './platform/passwords.ts';

const boolFlag = z.enum(['0', '1']).transform((v) => v === '1');

/**
 * Which proxies may say who the client is: a hop count (`1`: the one proxy in front of us) or a
 * comma-separated list of proxy addresses or CIDR ranges. Never "everyone": X-Forwarded-For
 * would then let any client pick its own address and walk past per-address limits.
 */
const TrustProxySchema = z
  .string()
  .max(2000, { abort: true })
  .transform((value, ctx): number | string[] | false => {
    const text = value.trim();
    if (/^\d{1,2}$/.test(text)) return Number(text) === 0 ? false : Number(text);
    const parts = text.split(',').map((part) => part.trim());
    const valid = parts.every((part) => {
      const [address, bits, extra] = part.split('/');
      if (extra !== undefined || !address || !isIP(address)) return false;
      return bits === undefined || /^\d{1,3}$/.test(bits);
    });
    if (!valid || parts.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a hop count (e.g. 1) or a comma-separated list of proxy addresses',
      });
      return z.NEVER;
    }
    return parts;
  });

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' })
      .optional(),
    JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    // Unset: 1 for a laptop, 0 in production (demo accounts have a published password).
    SEED_DEMO: boolFlag.optional(),
    PAYMENTS_PROVIDER: z.enum(['sandbox', 'bold']).default('sandbox'),
    BOLD_API_KEY: z.string().min(1).optional(),
    BOLD_SECRET_KEY: z.string().min(1).optional(),
    BOLD_API_URL: z.url().default('https://integrations.api.bold.co'),
    // How long a call to Bold may take (ms); only tests shorten it.
    BOLD_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(10_000),
    PUBLIC_URL: z.url().optional(),
    COMMISSION_RATE: z.coerce.number().min(0).max(1).default(0.1),
    // How long the event bus's word that nothing changed holds for a cached answer (ms): how late a
    // write the servers do not announce (made by another tool) shows. Tests lengthen it.
    READ_CACHE_CONFIRM_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
    SOFT_CLOSE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
    // Days after delivery during which the buyer may still open a claim; the payout waits for them.
    CLAIM_WINDOW_DAYS: z.coerce.number().int().min(0).max(90).default(DEFAULT_CLAIM_WINDOW_DAYS),
    TEST_CLOCK: boolFlag.optional(),
    TRUST_PROXY: TrustProxySchema.default(false),
    RATE_LIMIT: boolFlag.default(true),
    // Lets a scraper that is not on this machine read GET /metrics (Authorization: Bearer …).
    METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    // E-mail: unset outside production, messages are written as .eml files under DATA_DIR/mail.
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, { error: 'must be smtp://user:pass@host:port or smtps://…' })
      .optional(),
    MAIL_FROM: z.string().min(3).max(200).default('Coleccionables <no-reply@localhost>'),
    // log2 of scrypt's N for new password hashes (stored hashes keep their own): 17 is OWASP's
    // baseline; only below production may it be lowered (the test suites hash hundreds).
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(DEFAULT_PASSWORD_HASH_COST),
    // Web Push: the push services' hosts a device's endpoint may be on (comma-separated; a leading
    // `*.` matches any subdomain). `*` allows any host and plain http (a local push service for
    // development); refused in production.
    PUSH_ENDPOINT_HOSTS: z
      .string()
      .max(2000)
      .default('fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com')
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter((host) => host.length > 0),
      ),
    // VAPID keys (base64url, as web-push prints them); unset: generated once into DATA_DIR.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}$/, { error: 'must be a base64url P-256 public key' })
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,50}$/, { error: 'must be a base64url P-256 private key' })
      .optional(),
    // Who the push services may contact about our pushes: mailto: or https:. Unset: PUBLIC_URL.
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, { error: 'must start with mailto: or https://' })
      .optional(),
    // How long one push may take to be accepted by its push service (ms); only tests shorten it.
    PUSH_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(10_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (env.NODE_ENV === 'production') {
      // A forgotten setting must not fall back to what is meant for a laptop: the sandbox
      // checkout approves payments nobody made, the demo accounts have a published password,
      // the test clock lets anyone move time, and links need the site's real address.
      if (env.PAYMENTS_PROVIDER !== 'bold') {
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENTS_PROVIDER'],
          message: 'must be bold when NODE_ENV=production (the sandbox approves payments nobody made)',
        });
      }
      if (env.TEST_CLOCK !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['TEST_CLOCK'],
          message: 'is refused when NODE_ENV=production',
        });
      }
      if (env.PASSWORD_HASH_COST < DEFAULT_PASSWORD_HASH_COST) {
        ctx.addIssue({
          code: 'custom',
          path: ['PASSWORD_HASH_COST'],
          message: `must be at least ${DEFAULT_PASSWORD_HASH_COST} when NODE_ENV=production`,
        });
      }
      if (env.SEED_DEMO === true) {
        ctx.addIssue({
          code: 'custom',
          path: ['SEED_DEMO'],
          message: 'is refused when NODE_ENV=production (demo accounts have a published password)',
        });
      }
      if (!env.SMTP_URL) {
        // Without it e-mail would only be written to disk, where nobody reads it.
        ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when NODE_ENV=production' });
      }
      if (!env.PUBLIC_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message: 'is required when NODE_ENV=production',
        });
      }
    }
    if (env.NODE_ENV === 'production' && env.PUSH_ENDPOINT_HOSTS.includes('*')) {
      // `*` would let anyone make the server send requests to any address.
      ctx.addIssue({
        code: 'custom',
        path: ['PUSH_ENDPOINT_HOSTS'],
        message: 'cannot be * when NODE_ENV=production (the server would call any host it is given)',
      });
    }
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
      });
    }
    if (env.PAYMENTS_PROVIDER === 'bold') {
      for (const key of ['BOLD_API_KEY', 'BOLD_SECRET_KEY'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required for PAYMENTS_PROVIDER=bold' });
      }
    }
  });

export type Config = Omit<z.infer<typeof EnvSchema>, 'SEED_DEMO' | 'TEST_CLOCK'> & {
  SEED_DEMO: boolean;
  TEST_CLOCK: boolean;
  dataDir: string;
};

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]),
  );
  const parsed = EnvSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    // Never the rejected value: it may be a secret (JWT_SECRET, a DATABASE_URL with its password).
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const data = parsed.data;
  return {
    ...data,
    SEED_DEMO: data.SEED_DEMO ?? data.NODE_ENV !== 'production',
    TEST_CLOCK: data.TEST_CLOCK ?? false,
    dataDir: path.resolve(data.DATA_DIR),
  };
}
