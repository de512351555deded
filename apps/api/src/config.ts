import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import { SOCIAL_PROVIDERS, type SocialProviderId } from '@roam/contract/social';
import { z } from 'zod';

/**
 * Configuration is environment variables (DESIGN §3), validated once at start. Each bad value is
 * named with what is wrong, and start-up stops.
 */
const DEMO_USERS = 3000;
const seedSchema = z
  .string()
  .regex(/^(none|demo|\d+)$/, 'must be none, demo or a whole number of users')
  .transform((value) => (value === 'none' ? 0 : value === 'demo' ? DEMO_USERS : Number(value)));

const urlWithProtocols = (protocols: string[]) =>
  z
    .string()
    .url('must be a URL')
    .refine((value) => protocols.includes(new URL(value).protocol), {
      message: `must start with ${protocols.join(' or ')}//`,
    });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:']).optional(),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:']).optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Roam Admin <no-reply@roam.local>'),
  ADMIN_EMAIL: z.string().email('must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  SEED: seedSchema.default(DEMO_USERS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DRAIN_TIMEOUT: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(600_000)
    .default(15_000),
  DOWNLOAD_TTL: z.coerce
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(10, 'must be at least 10 seconds')
    .max(30 * 24 * 3600, 'must be at most 30 days')
    .default(3600),
  TLS_CERT: z.string().min(1).optional(),
  TLS_KEY: z.string().min(1).optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  ...Object.fromEntries(
    SOCIAL_PROVIDERS.flatMap(({ id }) => {
      const prefix = `OIDC_${id.toUpperCase()}`;
      return [
        [`${prefix}_ISSUER`, urlWithProtocols(['http:', 'https:']).optional()],
        [`${prefix}_CLIENT_ID`, z.string().min(1).max(500).optional()],
        [`${prefix}_CLIENT_SECRET`, z.string().min(1).max(500).optional()],
        [`${prefix}_NAME`, z.string().min(1).max(40).optional()],
      ];
    }),
  ),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  redisUrl?: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  adminEmail?: string;
  adminPassword?: string;
  seedUsers: number;
  logLevel: string;
  trustProxy: boolean;
  /**
   * The certificate chain's and the private key's PEM files: with them the server speaks HTTPS,
   * HTTP/2 to the browsers that offer it (all current ones) and HTTP/1.1 to the others.
   */
  tls?: { certFile: string; keyFile: string };
  /** How long a SIGTERM waits for the requests already received before it exits anyway. */
  drainTimeoutMs: number;
  /** How long a download's link works, in seconds (DESIGN §8). */
  downloadTtlSeconds: number;
  /** The social sign-in providers that are configured (DESIGN §8). */
  oidcProviders: OidcProviderConfig[];
};

export type OidcProviderConfig = {
  id: SocialProviderId;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
};

/** The demo admin offered outside production when ADMIN_EMAIL / ADMIN_PASSWORD are unset. */
export const DEMO_ADMIN = { email: 'admin@roam.local', password: 'Roam@2026!' } as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  }
  if ((e.TLS_CERT === undefined) !== (e.TLS_KEY === undefined)) {
    problems.push('TLS_CERT and TLS_KEY: set both or neither');
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    problems.push('PUBLIC_URL: required in production (reset links point to it)');
  }
  const oidcProviders: OidcProviderConfig[] = [];
  for (const { id, name } of SOCIAL_PROVIDERS) {
    const prefix = `OIDC_${id.toUpperCase()}`;
    const setting = (key: string) => (e as unknown as Record<string, string | undefined>)[`${prefix}_${key}`];
    const [issuer, clientId] = [setting('ISSUER'), setting('CLIENT_ID')];
    if ((issuer === undefined) !== (clientId === undefined)) {
      problems.push(`${prefix}_ISSUER and ${prefix}_CLIENT_ID: set both or neither`);
    } else if (issuer && clientId) {
      oidcProviders.push({
        id,
        name: setting('NAME') ?? name,
        issuer,
        clientId,
        clientSecret: setting('CLIENT_SECRET'),
      });
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `${e.TLS_CERT ? 'https' : 'http'}://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seedUsers: e.SEED,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    tls:
      e.TLS_CERT && e.TLS_KEY
        ? { certFile: path.resolve(e.TLS_CERT), keyFile: path.resolve(e.TLS_KEY) }
        : undefined,
    drainTimeoutMs: e.DRAIN_TIMEOUT,
    downloadTtlSeconds: e.DOWNLOAD_TTL,
    oidcProviders,
  };
}

/** The PEM contents `config.tls` names, once checked to make a TLS context together. */
export type TlsFiles = { cert: Buffer; key: Buffer };

/**
 * Reads TLS_CERT and TLS_KEY: a file that cannot be read, is not PEM, or a key that does not match
 * the certificate stops the start with a message naming the variable.
 */
export function readTlsFiles(tls: NonNullable<Config['tls']>): TlsFiles {
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new ConfigError([`${name}: cannot read ${file} (${reason})`]);
    }
  };
  const files = { cert: read('TLS_CERT', tls.certFile), key: read('TLS_KEY', tls.keyFile) };
  try {
    createSecureContext(files);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError([`TLS_CERT and TLS_KEY: not a certificate and its private key in PEM (${reason})`]);
  }
  return files;
}
