import path from 'node:path';
import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\/\S+$/,
      'DATABASE_URL must be a postgres:// URL (postgres://user:password@host:5432/database)',
    )
    .optional(),
  DATA_DIR: z.string().min(1).default('data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 bytes').optional(),
  // The proxies in front that add X-Forwarded-*: 'true' is one, a number counts them (see README).
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, 'TRUST_PROXY must be true, false or the number of proxies in front')
    .default('false'),
  // 32 bytes (64 hex digits or base64) sealing the marketplace secrets; generated in DATA_DIR if unset.
  SECRET_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=?)$/, 'SECRET_KEY must be 32 bytes: 64 hex digits or base64')
    .optional(),
  // Testing only: one loopback base URL standing in for Amazon's LWA and SP-API hosts.
  SP_API_TESTING_ENDPOINT: z
    .string()
    .regex(
      /^http:\/\/(127\.0\.0\.1|localhost):\d{1,5}$/,
      'SP_API_TESTING_ENDPOINT must be a loopback http:// address (testing only)',
    )
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LIMIT_LOGIN_PER_15_MIN: positiveInt(10),
  LIMIT_LOGIN_PER_IP_PER_15_MIN: positiveInt(50),
  LIMIT_REGISTER_PER_HOUR: positiveInt(20),
  LIMIT_EARLY_ACCESS_PER_HOUR: positiveInt(20),
  LIMIT_CHANGE_PASSWORD_PER_15_MIN: positiveInt(10),
  LIMIT_ADD_MEMBER_PER_HOUR: positiveInt(20),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string | undefined;
  /** How many proxies in front add X-Forwarded-For (0: none, the socket's address is the client). */
  trustProxy: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  secretKey: string | undefined;
  /** Testing only (see README): the stand-in that answers for Amazon's hosts. */
  spApiTestingEndpoint: string | undefined;
  /** Bearer token for GET /metrics; unset: loopback only. */
  metricsToken: string | undefined;
  limits: RateLimits;
};

/** DESIGN 7 and docs/decisions/007: the counted attempts per window. */
export type RateLimits = {
  /** Failed log-ins per email (from unknown devices) and per known device. */
  loginPer15Min: number;
  /** Failed log-ins per client address (from unknown devices). */
  loginPerIpPer15Min: number;
  registerPerHour: number;
  earlyAccessPerHour: number;
  /** Wrong old passwords per user. */
  changePasswordPer15Min: number;
  /** Members added per account. */
  addMemberPerHour: number;
};

export const DEFAULT_LIMITS: RateLimits = {
  loginPer15Min: 10,
  loginPerIpPer15Min: 50,
  registerPerHour: 20,
  earlyAccessPerHour: 20,
  changePasswordPer15Min: 10,
  addMemberPerHour: 20,
};

/** Parses the environment once at boot; a bad value stops the app with a message that names it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    jwtSecret: e.JWT_SECRET,
    trustProxy: e.TRUST_PROXY === 'true' ? 1 : e.TRUST_PROXY === 'false' ? 0 : Number(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    secretKey: e.SECRET_KEY,
    spApiTestingEndpoint: e.SP_API_TESTING_ENDPOINT,
    metricsToken: e.METRICS_TOKEN,
    limits: {
      loginPer15Min: e.LIMIT_LOGIN_PER_15_MIN,
      loginPerIpPer15Min: e.LIMIT_LOGIN_PER_IP_PER_15_MIN,
      registerPerHour: e.LIMIT_REGISTER_PER_HOUR,
      earlyAccessPerHour: e.LIMIT_EARLY_ACCESS_PER_HOUR,
      changePasswordPer15Min: e.LIMIT_CHANGE_PASSWORD_PER_15_MIN,
      addMemberPerHour: e.LIMIT_ADD_MEMBER_PER_HOUR,
    },
  };
}
