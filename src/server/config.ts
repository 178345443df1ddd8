import path from 'node:path';
import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().url('DATABASE_URL must be a postgres:// URL').optional(),
  DATA_DIR: z.string().min(1).default('data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 bytes').optional(),
  // Set when a TLS-terminating proxy sits in front: trusts X-Forwarded-* and marks cookies Secure.
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LIMIT_LOGIN_PER_15_MIN: positiveInt(10),
  LIMIT_REGISTER_PER_HOUR: positiveInt(20),
  LIMIT_EARLY_ACCESS_PER_HOUR: positiveInt(20),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string | undefined;
  trustProxy: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  limits: RateLimits;
};

export type RateLimits = { loginPer15Min: number; registerPerHour: number; earlyAccessPerHour: number };

export const DEFAULT_LIMITS: RateLimits = { loginPer15Min: 10, registerPerHour: 20, earlyAccessPerHour: 20 };

/** Parses the environment once at boot; a bad value stops the app with a message that names it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    jwtSecret: e.JWT_SECRET,
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    limits: {
      loginPer15Min: e.LIMIT_LOGIN_PER_15_MIN,
      registerPerHour: e.LIMIT_REGISTER_PER_HOUR,
      earlyAccessPerHour: e.LIMIT_EARLY_ACCESS_PER_HOUR,
    },
  };
}
