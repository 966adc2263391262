import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { isLoopbackHost, productionProblems } from './production-guards';

const secrets = {
  JWT_SECRET: 'j'.repeat(40),
  PROXY_PASSWORD_KEY: 'p'.repeat(40),
  INTERNAL_SECRET: 'i'.repeat(40),
};
const realPayments = {
  CRYPTOMUS_BASE_URL: 'https://api.cryptomus.com',
  CRYPTOMUS_MERCHANT_ID: 'merchant',
  CRYPTOMUS_PAYMENT_KEY: 'key',
};

describe('production guard rails', () => {
  it('leave a laptop alone: loopback PUBLIC_URL, no NODE_ENV, sandbox, generated secrets, outbox', () => {
    expect(productionProblems(loadConfig({}))).toEqual([]);
    expect(productionProblems(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }))).toEqual([]);
  });

  it('stop a public server with the sandbox, generated secrets, no support address or the outbox, naming each variable', () => {
    const problems = productionProblems(loadConfig({ PUBLIC_URL: 'https://proxy.example.com' }));
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'CRYPTOMUS_BASE_URL',
      'JWT_SECRET',
      'PROXY_PASSWORD_KEY',
      'INTERNAL_SECRET',
      'SUPPORT_EMAIL',
      'SMTP_URL',
    ]);
    expect(problems[0]).toContain('PAYMENTS_SANDBOX=true');
  });

  it('NODE_ENV=production applies them on a loopback URL too', () => {
    expect(productionProblems(loadConfig({ NODE_ENV: 'production' }))).toHaveLength(6);
  });

  it('accept the explicit choices, or real payments, given secrets and SMTP', () => {
    const base = {
      PUBLIC_URL: 'https://proxy.example.com',
      SUPPORT_EMAIL: 'help@proxy.example.com',
      ...secrets,
    };
    expect(
      productionProblems(loadConfig({ ...base, PAYMENTS_SANDBOX: 'true', MAIL_OUTBOX: 'true' })),
    ).toEqual([]);
    expect(
      productionProblems(loadConfig({ ...base, ...realPayments, SMTP_URL: 'smtp://mail.example.com:587' })),
    ).toEqual([]);
  });

  it.each([
    ['localhost', true],
    ['app.localhost', true],
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['[::1]', true],
    ['10.0.0.5', false],
    ['proxy.example.com', false],
    ['localhost.example.com', false],
  ])('%s is loopback: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});
