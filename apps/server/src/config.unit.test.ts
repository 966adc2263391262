import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs on defaults alone: port 8080, PGlite, outbox mail, no OAuth', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      appName: 'Resiport',
    });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.oauth).toEqual({ google: undefined, yandex: undefined });
  });

  it('lists every bad key at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', JWT_SECRET: 'short', SMTP_URL: 'http://x' });
    } catch (error) {
      caught = error;
    }
    if (!(caught instanceof ConfigError)) throw new Error(`expected a ConfigError, got ${String(caught)}`);
    const problems = caught.problems.join('\n');
    for (const key of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'SMTP_URL']) expect(problems).toContain(key);
  });

  it('configures a provider only when both its id and secret are set', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id' }).oauth.google).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).oauth.google).toMatchObject({
      clientId: 'id',
    });
  });

  it('builds links from PUBLIC_URL without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe(
      'https://portal.example.com',
    );
  });
});
