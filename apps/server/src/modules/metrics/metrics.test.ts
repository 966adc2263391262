import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInAccount } from '../../../test/factories';
import {
  parsePrometheusText,
  sampleValue,
  samplesOf,
  type PrometheusSample,
} from '../../../test/prometheus-text';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startReconciliation } from '../billing/reconcile';
import { startLeaseReclaim } from '../gateway-link/lease-reclaim';
import { startMetricsListener, type MetricsListener } from './metrics-listener';
import { accountEndpoints, orderEndpoints, rechargeEndpoints } from '@resiport/contract';
import { apiUrl, passThroughData } from '@resiport/testkit';

const RECONCILE = 'reconcile-crypto-invoices';
const RECLAIM = 'reclaim-traffic-leases';
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

/**
 * The whole app with METRICS_PORT set: real requests, the real periodic jobs and real invoices, then
 * one scrape of the metrics listener over a socket. The public API port must not serve the figures.
 */
describe('API metrics on their own listener', () => {
  let t: TestApp;
  // Undefined until started, so a failed set-up still closes what it opened.
  let listener: MetricsListener | undefined;
  let metricsUrl: string;
  let samples: PrometheusSample[];
  let scrapedText: string;
  const startedAt = Date.now() / 1000;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_PORT: '0' }, { listen: true });
    const { token } = await signedInAccount(t);

    // Requests: three that succeed, one refused (no session), one no route matches.
    for (let i = 0; i < 3; i++) {
      expect((await t.send(accountEndpoints.userInfo, {}, { token })).code).toBe(0);
    }
    expect(await t.send(accountEndpoints.userInfo, {})).toMatchObject({
      status: 401,
      code: 10013,
    });
    expect(await t.call({ method: 'GET', url: '/api/no/such/call?id=12345' })).toMatchObject({
      status: 404,
      code: 10009,
    });

    // Invoices: a recharge and an order, both unpaid (pending at the provider); the recharge is then paid there
    // without a webhook, so the reconciliation job is what settles it.
    const recharge = await t.send(rechargeEndpoints.pay, { amount: '20' }, { token });
    const order = await t.send(orderEndpoints.pay, { quantity: '1' }, { token });
    expect(order.code).toBe(20302);
    const uuid = passThroughData(rechargeEndpoints.pay, 'GoToPayment', recharge).url.split('/').pop() ?? '';
    await t.ctx.db
      .updateTable('cryptomus_sandbox_invoices')
      .set({ status: 'paid', is_final: true, updated_at: new Date() })
      .where('uuid', '=', uuid)
      .execute();

    // The jobs as main.ts starts them, on a short period, until each has run once.
    const stops = [startReconciliation(t.ctx, 50), startLeaseReclaim(t.ctx, 50)];
    const runs = async (job: string) =>
      (await t.ctx.metrics.registry.getSingleMetric('resiport_job_runs_total')?.get())?.values.find(
        (v) => v.labels.job === job,
      )?.value ?? 0;
    try {
      await vi.waitFor(async () => expect(await runs(RECONCILE)).toBeGreaterThanOrEqual(1), 10_000);
      await vi.waitFor(async () => expect(await runs(RECLAIM)).toBeGreaterThanOrEqual(1), 10_000);
    } finally {
      for (const stop of stops) stop();
    }

    // Two runs of a made-up job: one finds the lease taken elsewhere, one fails.
    const track = t.ctx.metrics.jobs.tracker('metrics-test-job');
    await track(async () => undefined);
    await expect(track(() => Promise.reject(new Error('provider down')))).rejects.toThrow('provider down');

    expect(t.config.metrics).toEqual({ host: '127.0.0.1', port: 0 });
    listener = await startMetricsListener(t.ctx, t.config.metrics ?? { host: '', port: -1 });
    metricsUrl = `http://127.0.0.1:${listener.port}/metrics`;
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    scrapedText = await response.text();
    samples = parsePrometheusText(scrapedText);
  });
  afterAll(async () => {
    await listener?.close();
    await t.close();
  });

  it('counts requests by route pattern and status, failures by result code', () => {
    const requests = (method: string, route: string, status: string) =>
      sampleValue(samples, 'resiport_api_requests_total', { method, route, status });
    expect(requests('GET', apiUrl(accountEndpoints.userInfo), '200')).toBe(3);
    expect(requests('GET', apiUrl(accountEndpoints.userInfo), '401')).toBe(1);
    expect(requests('GET', 'unmatched', '404')).toBe(1);
    expect(requests('POST', apiUrl(accountEndpoints.login), '200')).toBe(1);
    expect(requests('POST', apiUrl(rechargeEndpoints.pay), '200')).toBe(1);
    expect(
      sampleValue(samples, 'resiport_api_request_duration_seconds_count', {
        method: 'GET',
        route: apiUrl(accountEndpoints.userInfo),
      }),
    ).toBe(4);

    expect(
      sampleValue(samples, 'resiport_api_errors_total', {
        route: apiUrl(accountEndpoints.userInfo),
        code: '10013',
      }),
    ).toBe(1);
    expect(sampleValue(samples, 'resiport_api_errors_total', { route: 'unmatched', code: '10009' })).toBe(1);
    // 20302 "go to payment" is a step, not a failure: the order call counts no error.
    const errorRoutes = samplesOf(samples, 'resiport_api_errors_total').map((s) => s.labels.route);
    expect(errorRoutes).not.toContain(apiUrl(orderEndpoints.pay));
    // Route patterns only: what a caller put in a URL never becomes a label.
    expect(scrapedText).not.toContain('/api/no/such/call');
    expect(scrapedText).not.toContain('12345');
  });

  it('reports the periodic jobs by name: runs, failures, skips, last success and duration', () => {
    for (const job of [RECONCILE, RECLAIM]) {
      expect(sampleValue(samples, 'resiport_job_runs_total', { job })).toBeGreaterThanOrEqual(1);
      expect(sampleValue(samples, 'resiport_job_failures_total', { job })).toBe(0);
      const lastSuccess = sampleValue(samples, 'resiport_job_last_success_timestamp_seconds', { job }) ?? 0;
      expect(lastSuccess).toBeGreaterThanOrEqual(startedAt);
      expect(lastSuccess).toBeLessThanOrEqual(Date.now() / 1000);
      expect(sampleValue(samples, 'resiport_job_last_duration_seconds', { job })).toBeGreaterThan(0);
    }
    const job = 'metrics-test-job';
    expect(sampleValue(samples, 'resiport_job_runs_total', { job })).toBe(1);
    expect(sampleValue(samples, 'resiport_job_failures_total', { job })).toBe(1);
    expect(sampleValue(samples, 'resiport_job_skipped_total', { job })).toBe(1);
    // Never succeeded: no last-success sample rather than a misleading 0.
    expect(sampleValue(samples, 'resiport_job_last_success_timestamp_seconds', { job })).toBeUndefined();
  });

  it('counts invoices by kind and status, every combination present', () => {
    const invoices = (kind: string, status: string) =>
      sampleValue(samples, 'resiport_invoices', { kind, status });
    // The reconciliation job settled the recharge the provider reported paid.
    expect(invoices('recharge', 'paid')).toBe(1);
    expect(invoices('recharge', 'unpaid')).toBe(0);
    expect(invoices('order', 'unpaid')).toBe(1);
    expect(invoices('order', 'paid')).toBe(0);
    expect(samplesOf(samples, 'resiport_invoices')).toHaveLength(8);
  });

  it('reports the database, with the pool gauges on PostgreSQL', () => {
    const kind = onPostgres ? 'postgresql' : 'pglite';
    expect(sampleValue(samples, 'resiport_db_info', { kind })).toBe(1);
    const pool = (name: string) => sampleValue(samples, `resiport_db_pool_${name}`);
    if (onPostgres) {
      expect(pool('clients')).toBeGreaterThanOrEqual(1);
      expect(pool('idle_clients')).toBeGreaterThanOrEqual(0);
      expect(pool('idle_clients')).toBeLessThanOrEqual(pool('clients') ?? 0);
      expect(pool('waiting_requests')).toBe(0);
      expect(pool('max_clients')).toBe(10);
    } else {
      expect(samples.filter((s) => s.name.startsWith('resiport_db_pool_'))).toEqual([]);
    }
  });

  it('includes the process figures: CPU, memory, event-loop lag', () => {
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(sampleValue(samples, name), name).toBeGreaterThanOrEqual(0);
    }
  });

  it('answers only GET /metrics on the listener', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
  });

  it('is not served on the public API port', async () => {
    for (const path of ['/metrics', '/api/metrics']) {
      const response = await fetch(`${t.config.publicUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('resiport_');
    }
  });
});

describe('API metrics without METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('adds no request hooks: nothing is counted', async () => {
    expect(t.config.metrics).toBeUndefined();
    await t.send(accountEndpoints.userInfo, {});
    const text = await t.ctx.metrics.registry.metrics();
    expect(samplesOf(parsePrometheusText(text), 'resiport_api_requests_total')).toEqual([]);
  });
});
