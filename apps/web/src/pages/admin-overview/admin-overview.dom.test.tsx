import { adminOverviewEndpoints, type OverviewData } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { named } from '../../test/queries';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import AdminOverviewPage from '.';

const days = Array.from({ length: 30 }, (_, i) => ({
  day: new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10),
  topups_cents: i === 29 ? 2500 : 0,
  order_payments_cents: i === 29 ? 900 : 0,
  sold_bytes: 0,
  carried_bytes: 0,
}));
const figures = (days: number, topups: number) => ({
  days,
  topups_cents: topups,
  order_payments_cents: 900,
  refunds_cents: 0,
  adjustments_cents: -150,
  sold_bytes: 2_000_000_000,
  carried_bytes: 3_500_000,
  overrun_bytes: 0,
  new_customers: 2,
  active_customers: 1,
});
const overview: OverviewData = {
  generated_at: '2026-11-30T12:00:00.000Z',
  windows: [figures(1, 2500), figures(7, 7500), figures(30, 12_000)],
  daily: days,
  invoices: { unpaid: 3, underpaid: 1 },
  gateways: [
    {
      instance_id: 'gw-a',
      last_seen_at: '2026-11-30T11:59:58.000Z',
      online: true,
      last_usage_at: null,
      feed_lag_events: 0,
    },
  ],
  jobs: [
    {
      name: 'reconcile-crypto-invoices',
      holder: 'process-1',
      lease_expires_at: '2026-11-30T12:02:00.000Z',
      last_success_at: '2026-11-30T11:00:00.000Z',
      last_failure_at: '2026-11-30T11:30:00.000Z',
      last_error: 'provider answered 502',
      last_duration_ms: 120,
      healthy: false,
    },
  ],
};

describe('console overview', () => {
  it('shows the chosen window, what waits, gateways and a failing job', async () => {
    signIn({ access: { name: 'operator' } });
    mockEndpoint(adminOverviewEndpoints.get, overview);
    const { user } = await renderPage(AdminOverviewPage, { path: paths.adminOverview });

    expect((await screen.findByTestId('overview-topups')).textContent).toBe('$75.00');
    await user.click(screen.getByText('Today (UTC)'));
    expect(screen.getByTestId('overview-topups').textContent).toBe('$25.00');
    expect(screen.getByTestId('overview-adjustments').textContent).toBe('-$1.50');
    expect(screen.getByTestId('overview-sold').textContent).toMatch(/^2(\.00)? GB$/);
    expect(screen.getByText('1 payment arrived short and waits for you')).toBeTruthy();
    expect(screen.getByText('3 invoices wait for their payers')).toBeTruthy();
    const gateways = within(screen.getByTestId('overview-gateways'));
    expect(gateways.getByText('gw-a')).toBeTruthy();
    expect(gateways.getByText('Online')).toBeTruthy();
    const jobs = within(screen.getByTestId('overview-jobs'));
    expect(jobs.getByText('Failing')).toBeTruthy();
    expect(jobs.getByText('provider answered 502')).toBeTruthy();
  });

  it('says it did not load, with a reload, when the call fails', async () => {
    signIn({ access: { name: 'operator' } });
    const calls = mockEndpoint(adminOverviewEndpoints.get, refuse('InternalError', 'Something went wrong'));
    const { user } = await renderPage(AdminOverviewPage, { path: paths.adminOverview });
    expect(await screen.findByText('The overview did not load')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: named('Reload') }));
    expect(calls.inputs.length).toBeGreaterThan(1);
  });
});
