import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      seedUsers: 3000,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
    });
    expect(config.dataDir.endsWith('data')).toBe(true);
  });

  it('names every bad value', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED: 'lots', REDIS_URL: 'http://x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SEED', 'REDIS_URL']) expect(message).toContain(name);
    }
  });

  it('wants both admin variables or neither, and a public URL in production', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
  });

  it('reads SEED as none, demo or a count', () => {
    expect(loadConfig({ SEED: 'none' }).seedUsers).toBe(0);
    expect(loadConfig({ SEED: 'demo' }).seedUsers).toBe(3000);
    expect(loadConfig({ SEED: '250' }).seedUsers).toBe(250);
  });
});
