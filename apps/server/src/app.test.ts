import {
  accountEndpoints,
  accountLinks,
  dynamicEndpoints,
  type Endpoint,
  healthEndpoints,
  orderEndpoints,
  rechargeEndpoints,
  securityEndpoints,
  subEndpoints,
  trafficEndpoints,
  whitelistEndpoints,
} from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, pathOf, signUp } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { apiUrl, successData } from '@resiport/testkit';
import { z } from 'zod';

/** What the access log's lines are read for: pino's numeric level and the message. */
const logLine = z.object({ level: z.number().int(), msg: z.string() });

describe('the app shell: envelope, errors, health, docs, logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.get('/api/test/boom', () => {
      throw new Error('connection string postgres://secret@db');
    });
  });
  afterAll(() => t.close());

  it('an unknown /api route is a 404 envelope', async () => {
    expect(await t.call({ method: 'GET', url: '/api/nope' })).toMatchObject({
      status: 404,
      code: 10009,
      msg: 'Not found',
    });
  });

  it('an unexpected error is a masked 500 envelope, logged with its cause', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'accept-language': 'ru' },
    });
    expect(response).toMatchObject({ status: 500, code: 50000, data: null });
    expect(response.msg).toBe('Что-то пошло не так на нашей стороне, повторите попытку позже');
    expect(JSON.stringify(response)).not.toContain('postgres://');
    expect(t.logs.join('')).toContain('connection string');
  });

  it('health: live without the database, ready with it', async () => {
    expect(await t.send(healthEndpoints.live, {})).toMatchObject({
      code: 0,
      data: { status: 'ok' },
    });
    expect(await t.send(healthEndpoints.ready, {})).toMatchObject({
      code: 0,
      data: { database: 'up' },
    });
  });

  it('serves an OpenAPI document listing every customer call with its methods', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const catalogues: Record<string, Endpoint>[] = [
      accountEndpoints,
      securityEndpoints,
      subEndpoints,
      whitelistEndpoints,
      orderEndpoints,
      rechargeEndpoints,
      trafficEndpoints,
      dynamicEndpoints,
    ];
    for (const endpoint of catalogues.flatMap((catalogue) => Object.values(catalogue))) {
      const methods = Object.keys(paths[`/api${endpoint.path}`] ?? {});
      const expected = endpoint.method === 'GET+POST' ? ['get', 'post'] : [endpoint.method.toLowerCase()];
      expect(methods, endpoint.path).toEqual(expect.arrayContaining(expected));
    }
    for (const link of Object.values(accountLinks)) expect(Object.keys(paths)).toContain(`/api${link.path}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('API answers carry no-store and nosniff', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiUrl(healthEndpoints.live) });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('logs never contain passwords, session or API tokens, or link tokens', async () => {
    const { email, activationLink } = await signUp(t);
    await t.app.inject({ method: 'GET', url: pathOf(activationLink) });
    const login = await t.send(accountEndpoints.login, { email, password: GOOD_PASSWORD });
    const jwt = successData(login).jwt_token;
    const apiToken = successData(await t.send(accountEndpoints.genToken, {}, { token: jwt })).api_token;
    await t.send(accountEndpoints.userInfo, {}, { token: apiToken });
    const logs = t.logs.join('\n');
    expect(logs).toContain('"event":"security.sign_in"');
    for (const secret of [
      GOOD_PASSWORD,
      jwt,
      apiToken,
      new URL(activationLink).searchParams.get('token') ?? '',
    ]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(logs).not.toContain(secret);
    }
  });

  it('logs one line per answered request; health checks at debug, server errors at error', async () => {
    await t.call({ method: 'GET', url: '/api/nope?x=1' });
    await t.send(healthEndpoints.ready, {});
    await t.call({ method: 'GET', url: '/api/test/boom' });
    const entries = t.logs
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => logLine.parse(JSON.parse(line)));
    const lines = (start: string) => entries.filter((entry) => entry.msg.startsWith(start));
    expect(lines('GET /api/nope?x=1 404 ')).toEqual([expect.objectContaining({ level: 30 })]);
    expect(lines('GET /api/test/boom 500 ')).toContainEqual(expect.objectContaining({ level: 50 }));
    expect(lines('GET /api/health')).toEqual([]);
    expect(lines('incoming request')).toEqual([]);
    expect(lines('request completed')).toEqual([]);
  });
});
