import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, signedInAccount } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { loadConfig } from './config';
import { securityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import {
  accountEndpoints,
  cryptomusWebhookPath,
  healthEndpoints,
  internalGatewayEndpoints,
  subEndpoints,
} from '@resiport/contract';
import { apiUrl } from '@resiport/testkit';

const CONTROL_MESSAGE = {
  en: 'Control characters (such as NUL, tab or line breaks) are not allowed here',
  ru: 'Управляющие символы (например, NUL, табуляция или перевод строки) здесь недопустимы',
};

describe('the HTTP surface: input hygiene, security headers, public docs', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await signedInAccount(t));
  });
  afterAll(() => t.close());

  it('a NUL in a query string is a 400 naming the field, not a 500', async () => {
    const response = await t.call({
      method: 'GET',
      url: `${apiUrl(subEndpoints.list)}?search=%00`,
      headers: authHeader(token),
    });
    expect(response).toMatchObject({
      status: 400,
      code: 10001,
      data: { fields: { search: CONTROL_MESSAGE.en } },
    });
  });

  it('control characters in JSON and form bodies are refused in the caller’s language', async () => {
    for (const char of ['\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009f']) {
      const json = await t.call({
        method: 'POST',
        url: apiUrl(accountEndpoints.signup),
        headers: { 'accept-language': 'ru' },
        payload: { email: `a${char}b@example.test`, password: 'Secret123', confirm: 'Secret123' },
      });
      expect(json, JSON.stringify(char)).toMatchObject({
        status: 400,
        code: 10001,
        data: { fields: { email: CONTROL_MESSAGE.ru } },
      });
    }
    const form = await t.call({
      method: 'POST',
      url: apiUrl(accountEndpoints.login),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%00%40example.test&password=x',
    });
    expect(form).toMatchObject({ status: 400, code: 10001, data: { fields: { email: CONTROL_MESSAGE.en } } });
    const nested = await t.call({
      method: 'POST',
      url: apiUrl(accountEndpoints.login),
      payload: { email: 'a@example.test', password: 'x', extra: { deep: ['ok', 'b\u0000'] } },
    });
    expect(nested.data).toEqual({ fields: { 'extra.deep.1': CONTROL_MESSAGE.en } });
    // Ordinary text, unicode included, passes.
    const fine = await t.call({
      method: 'GET',
      url: `${apiUrl(subEndpoints.list)}?search=${encodeURIComponent('Привет 👋 ü')}`,
      headers: authHeader(token),
    });
    expect(fine).toMatchObject({ status: 200, code: 0 });
  });

  it('a control character in a route param is refused too', async () => {
    // The sandbox stands in for Cryptomus and answers in its format; what matters is 400, not 500.
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/cryptomus/pay/%00' });
    expect(response.statusCode).toBe(400);
  });

  it('a refused Cryptomus webhook answers with a non-zero code', async () => {
    const response = await t.call({
      method: 'POST',
      url: `/api${cryptomusWebhookPath}`,
      headers: { 'content-type': 'application/json', 'accept-language': 'ru' },
      payload: '{"type":"payment","sign":"nope\\u0000"}',
    });
    expect(response).toMatchObject({
      status: 401,
      code: 10010,
      msg: 'У вас нет прав на это действие',
      data: null,
    });
  });

  it('API answers carry the CSP, Permissions-Policy, Referrer-Policy and nosniff, and no HSTS over http', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiUrl(healthEndpoints.live) });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      "connect-src 'self'",
      "img-src 'self' data:",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['permissions-policy']).toContain('microphone=()');
    expect(response.headers['permissions-policy']).toContain('geolocation=()');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // Failures get them too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.headers['content-security-policy']).toBe(csp);
  });

  it('the sandbox checkout page keeps its own CSP', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/sandbox/cryptomus/pay/00000000-0000-0000-0000-000000000000',
    });
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['content-security-policy']).not.toContain("script-src 'self'");
  });

  it('the public OpenAPI document leaves out internal routes and the payment sandbox', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toContain(apiUrl(subEndpoints.list));
    expect(paths.filter((p) => p.startsWith('/api/internal') || p.startsWith('/sandbox'))).toEqual([]);
    // …while the internal routes still work for gateways.
    const internal = await t.app.inject({
      method: 'GET',
      url: `${apiUrl(internalGatewayEndpoints.events)}?after=0`,
      headers: { 'x-internal-secret': t.ctx.internalSecret },
    });
    expect(internal.statusCode).toBe(200);
  });
});

describe('security headers on the web app', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  async function webApp(publicUrl: string) {
    const app = Fastify();
    securityHeaders(app, loadConfig({ PUBLIC_URL: publicUrl }));
    await registerWebApp(app, dist);
    return app;
  }

  it('/client/ carries the CSP and the other headers; HSTS only with an https PUBLIC_URL', async () => {
    const plain = await webApp('http://localhost:8080');
    const overHttp = await plain.inject('/client/');
    expect(overHttp.statusCode).toBe(200);
    expect(overHttp.headers['content-security-policy']).toContain("script-src 'self'");
    expect(overHttp.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(overHttp.headers['permissions-policy']).toContain('camera=()');
    expect(overHttp.headers['referrer-policy']).toBe('no-referrer');
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    await plain.close();

    const secure = await webApp('https://portal.example.com');
    const overHttps = await secure.inject('/client/');
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(overHttps.headers['content-security-policy']).toContain("object-src 'none'");
    await secure.close();
  });
});
