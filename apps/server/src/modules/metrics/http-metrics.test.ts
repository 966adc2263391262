import Fastify, { type FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePrometheusText, sampleValue, samplesOf } from '../../../test/prometheus-text';
import { AppError } from '../../errors';
import { registerErrorHandlers } from '../../plugins/error-handler';
import { createHttpInstruments, registerHttpMetrics, UNMATCHED_ROUTE } from './http-metrics';

/**
 * The request hooks on a bare Fastify app with the real error handler: which route label, status
 * and result code each kind of answer is counted under (the whole app and the listener are in
 * metrics.test.ts).
 */
describe('request metrics (hooks)', () => {
  const registry = new Registry();
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandlers(app);
    registerHttpMetrics(app, createHttpInstruments(registry));
    await app.register(
      async (api) => {
        api.get('/items/:id', async () => ({ code: 0, msg: 'ok', data: null }));
        api.get('/missing', async () => {
          throw new AppError('NotFound');
        });
        api.get('/boom', async () => {
          throw new Error('a bug');
        });
        // A 5xx that does not go through the error handler (as the sandbox's own answers).
        api.get('/down', async (_request, reply) => reply.code(503).send('down'));
      },
      { prefix: '/api' },
    );
    for (const url of ['/api/items/1', '/api/items/2', '/api/items/3?secret=x']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'HEAD', url: '/api/items/4' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/missing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/boom' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/api/down' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'POST', url: '/api/items/5' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/no/such/page-123' })).statusCode).toBe(404);
  });
  afterAll(() => app.close());

  const scrape = async () => parsePrometheusText(await registry.metrics());

  it('counts by route pattern, method and status, never by URL', async () => {
    const samples = await scrape();
    const requests = (method: string, route: string, status: string) =>
      sampleValue(samples, 'resiport_api_requests_total', { method, route, status });
    expect(requests('GET', '/api/items/:id', '200')).toBe(3);
    // The automatic HEAD route is counted once, under its own method.
    expect(requests('HEAD', '/api/items/:id', '200')).toBe(1);
    expect(requests('GET', '/api/missing', '404')).toBe(1);
    expect(requests('GET', '/api/boom', '500')).toBe(1);
    expect(requests('GET', '/api/down', '503')).toBe(1);
    // Unmatched requests (an unknown path, or a method the route lacks) share one label.
    expect(requests('POST', UNMATCHED_ROUTE, '404')).toBe(1);
    expect(requests('GET', UNMATCHED_ROUTE, '404')).toBe(1);
    const routes = new Set(samplesOf(samples, 'resiport_api_requests_total').map((s) => s.labels.route));
    expect([...routes].sort()).toEqual(
      ['/api/boom', '/api/down', '/api/items/:id', '/api/missing', UNMATCHED_ROUTE].sort(),
    );
    const text = await registry.metrics();
    for (const leaked of ['/api/items/1', 'secret', 'page-123']) expect(text).not.toContain(leaked);
  });

  it('times every answer in the histogram, under the same labels', async () => {
    const samples = await scrape();
    const count = (method: string, route: string) =>
      sampleValue(samples, 'resiport_api_request_duration_seconds_count', { method, route });
    expect(count('GET', '/api/items/:id')).toBe(3);
    expect(count('HEAD', '/api/items/:id')).toBe(1);
    expect(count('GET', UNMATCHED_ROUTE)).toBe(1);
    const sum = sampleValue(samples, 'resiport_api_request_duration_seconds_sum', {
      method: 'GET',
      route: '/api/items/:id',
    });
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(5);
    const inf = sampleValue(samples, 'resiport_api_request_duration_seconds_bucket', {
      method: 'GET',
      route: '/api/items/:id',
      le: '+Inf',
    });
    expect(inf).toBe(3);
  });

  it('counts failures by result code, and a 5xx without one as code="none"; successes not at all', async () => {
    const samples = await scrape();
    const errors = (route: string, code: string) =>
      sampleValue(samples, 'resiport_api_errors_total', { route, code });
    expect(errors('/api/missing', '10009')).toBe(1);
    expect(errors('/api/boom', '50000')).toBe(1);
    expect(errors('/api/down', 'none')).toBe(1);
    expect(errors(UNMATCHED_ROUTE, '10009')).toBe(2);
    expect(samplesOf(samples, 'resiport_api_errors_total')).toHaveLength(4);
  });
});
