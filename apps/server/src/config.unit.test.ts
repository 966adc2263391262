import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, senderNamed } from './config';
import { configWithBoundPorts } from './bound-config';

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
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'not a url',
        JWT_SECRET: 'short',
        SMTP_URL: 'http://x',
        SUPPORT_EMAIL: 'support at example',
        APP_LOGO_URL: 'javascript:alert(1)',
      });
    } catch (error) {
      caught = error;
    }
    if (!(caught instanceof ConfigError)) throw new Error(`expected a ConfigError, got ${String(caught)}`);
    const problems = caught.problems.join('\n');
    for (const key of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'SMTP_URL', 'SUPPORT_EMAIL', 'APP_LOGO_URL']) {
      expect(problems).toContain(key);
    }
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

  it('takes port 0 for any free port, only where this process listens', () => {
    expect(loadConfig({ PORT: '0', GATEWAY_HTTP_PORT: '0', GATEWAY_SOCKS_PORT: '0' })).toMatchObject({
      port: 0,
      gateway: { httpPort: 0, socksPort: 0 },
    });
    // Separate gateways: proxy lists must print the ports they really listen on.
    expect(() => loadConfig({ GATEWAY_IN_PROCESS: 'false', GATEWAY_SOCKS_PORT: '0' })).toThrow(
      /GATEWAY_SOCKS_PORT: 0 .*in-process gateway/,
    );
  });
});

describe('configWithBoundPorts', () => {
  it('settles what follows from a port 0 with the port bound', () => {
    const env = { PORT: '0', GATEWAY_HTTP_PORT: '0', GATEWAY_SOCKS_PORT: '0' };
    const config = configWithBoundPorts(env, { port: 41234, gateway: { httpPort: 41235, socksPort: 41236 } });
    expect(config).toMatchObject({
      port: 41234,
      publicUrl: 'http://localhost:41234',
      cryptomus: { sandbox: true, baseUrl: 'http://localhost:41234/sandbox/cryptomus' },
      gateway: { publicHost: 'localhost', httpPort: 41235, socksPort: 41236 },
    });
  });

  it('keeps a PUBLIC_URL that is set (a proxy in front), and is the configuration read when every port is set', () => {
    expect(
      configWithBoundPorts({ PORT: '0', PUBLIC_URL: 'https://portal.example.com' }, { port: 41234 })
        .publicUrl,
    ).toBe('https://portal.example.com');
    const env = { PORT: '8081', GATEWAY_HTTP_PORT: '8001', METRICS_PORT: '9100' };
    expect(configWithBoundPorts(env, { port: 8081, gateway: { httpPort: 8001, socksPort: 1080 } })).toEqual(
      loadConfig(env),
    );
  });

  it('sends mail as the brand unless MAIL_FROM says otherwise, the name quoted whatever it holds', () => {
    expect(loadConfig({ APP_NAME: 'ProxyCo' }).mail.from).toBe('"ProxyCo" <no-reply@localhost>');
    expect(senderNamed('Proxy <x> & "Co"')).toBe('"Proxy <x> & \\"Co\\"" <no-reply@localhost>');
    expect(loadConfig({ APP_NAME: 'ProxyCo', MAIL_FROM: 'Ops <ops@proxy.example>' }).mail.from).toBe(
      'Ops <ops@proxy.example>',
    );
  });
});
