import path from 'node:path';
import { z } from 'zod';

const boolFlag = z.enum(['0', '1']).transform((v) => v === '1');

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
    SEED_DEMO: boolFlag.default(true),
    PAYMENTS_PROVIDER: z.enum(['sandbox', 'bold']).default('sandbox'),
    BOLD_API_KEY: z.string().min(1).optional(),
    BOLD_SECRET_KEY: z.string().min(1).optional(),
    BOLD_API_URL: z.url().default('https://integrations.api.bold.co'),
    // How long a call to Bold may take (ms); only tests shorten it.
    BOLD_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(10_000),
    PUBLIC_URL: z.url().optional(),
    COMMISSION_RATE: z.coerce.number().min(0).max(1).default(0.1),
    TEST_CLOCK: boolFlag.default(false),
    TRUST_PROXY: boolFlag.default(false),
    // Lets a scraper that is not on this machine read GET /metrics (Authorization: Bearer …).
    METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (env.NODE_ENV === 'production' && env.TEST_CLOCK) {
      ctx.addIssue({ code: 'custom', path: ['TEST_CLOCK'], message: 'is refused when NODE_ENV=production' });
    }
    if (env.PAYMENTS_PROVIDER === 'bold') {
      for (const key of ['BOLD_API_KEY', 'BOLD_SECRET_KEY'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required for PAYMENTS_PROVIDER=bold' });
      }
    }
  });

export type Config = z.infer<typeof EnvSchema> & { dataDir: string };

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
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(env[name] ?? null)})`,
    );
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
