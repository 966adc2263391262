import { trafficEndpoints } from '@resiport/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppHeader } from '../../app/layout/app-header';
import { paths } from '../../config/paths';
import { mockEndpoint, never } from '../../test/api-mock';
import { aSub, gb } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { mockSubList } from '../../test/subaccounts-api';
import DashboardPage from '.';

/** The headline traffic is the customer's total, and the warning names what ran out (docs/product.md#traffic-totals). */
function DashboardWithHeader() {
  return (
    <>
      <AppHeader />
      <DashboardPage />
    </>
  );
}

async function openDashboard(...args: Parameters<typeof signIn>) {
  signIn(...args);
  mockEndpoint(trafficEndpoints.usage, () => never());
  return renderPage(DashboardWithHeader, { path: paths.dashboard });
}

describe('dashboard and header traffic', () => {
  it('everything allocated to a sub-account: the total, the split, and no "run out"', async () => {
    const scraper = aSub({
      id: 4,
      username: 'scraperteam2026',
      allocated_bytes: gb(10.08),
      traffic_left_bytes: gb(10.08),
      traffic_used_bytes: 0,
    });
    mockSubList([scraper], 0);
    await openDashboard({
      traffic_left_bytes: 0,
      subaccounts_traffic_left_bytes: gb(10.08),
      subaccounts_count: 1,
    });

    expect((await screen.findByTestId('header-traffic')).textContent).toBe('10.08 GB');
    expect(screen.getByTestId('dashboard-traffic-left').textContent).toBe('10.08 GB');
    expect(screen.getByTestId('dashboard-traffic-main').textContent).toBe(
      'Main account, unallocated: 0.00 MB',
    );
    expect(screen.getByTestId('dashboard-traffic-subs').textContent).toBe('In 1 sub-account: 10.08 GB');
    expect(screen.queryByText('Your traffic has run out')).toBeNull();
    const alert = screen.getByTestId('dashboard-low-traffic');
    expect(alert.dataset.level).toBe('mainEmpty');
    expect(within(alert).getByText('Your main account’s unallocated traffic is used up')).toBeTruthy();
    expect(within(alert).getByText(/Your sub-accounts still hold 10.08 GB/)).toBeTruthy();
    const split = await screen.findByTestId('dashboard-split-scraperteam2026');
    expect(within(split).getByText('10.08 GB')).toBeTruthy();
  });

  it('states the total as the sum of the parts shown, in the header and on the dashboard', async () => {
    mockSubList([], 0);
    // Exactly 35.092 GB, but the parts read 25.05 and 10.05: the total must read 35.10, not 35.09.
    await openDashboard({
      traffic_left_bytes: 25_046_000_000,
      subaccounts_traffic_left_bytes: 10_046_000_000,
      subaccounts_count: 1,
    });
    expect((await screen.findByTestId('header-traffic')).textContent).toBe('35.10 GB');
    expect(screen.getByTestId('dashboard-traffic-left').textContent).toBe('35.10 GB');
    expect(screen.getByTestId('dashboard-traffic-main').textContent).toBe(
      'Main account, unallocated: 25.05 GB',
    );
    expect(screen.getByTestId('dashboard-traffic-subs').textContent).toBe('In 1 sub-account: 10.05 GB');
  });

  it('names the sub-account that ran dry and marks it in the split', async () => {
    const dry = aSub({
      id: 5,
      username: 'dryaccount2026',
      allocated_bytes: gb(1),
      traffic_left_bytes: 0,
      traffic_used_bytes: gb(1),
    });
    const full = aSub({
      id: 6,
      username: 'fullaccount2026',
      allocated_bytes: gb(5),
      traffic_left_bytes: gb(5),
    });
    mockSubList([full, dry], gb(3));
    const { location } = await openDashboard({
      traffic_left_bytes: gb(3),
      subaccounts_traffic_left_bytes: gb(5),
      subaccounts_count: 2,
      subaccounts_empty_count: 1,
    });

    expect((await screen.findByTestId('header-traffic')).textContent).toBe('8.00 GB');
    const alert = screen.getByTestId('dashboard-low-traffic');
    expect(alert.dataset.level).toBe('subsEmpty');
    expect(await within(alert).findByText('Sub-account dryaccount2026 is out of traffic')).toBeTruthy();
    const row = await screen.findByTestId('dashboard-split-dryaccount2026');
    expect(within(row).getByText('Out of traffic')).toBeTruthy();
    // The main account holds 3 GB: the way out is to allocate it, to that sub-account; not to buy.
    expect(within(alert).queryByRole('button', { name: /Buy traffic/ })).toBeNull();
    fireEvent.click(within(alert).getByTestId('dashboard-allocate'));
    expect(location()).toBe('/proxysetting/editsub?id=5');
  });

  it('offers to buy when a sub-account is out and the main account holds nothing to allocate', async () => {
    mockSubList(
      [
        aSub({ id: 5, username: 'dryaccount2026', allocated_bytes: gb(1), traffic_left_bytes: 0 }),
        aSub({ id: 6, username: 'fullaccount2026', allocated_bytes: gb(5), traffic_left_bytes: gb(5) }),
      ],
      0,
    );
    await openDashboard({
      traffic_left_bytes: 0,
      subaccounts_traffic_left_bytes: gb(5),
      subaccounts_count: 2,
      subaccounts_empty_count: 1,
    });

    const alert = await screen.findByTestId('dashboard-low-traffic');
    expect(alert.dataset.level).toBe('subsEmpty');
    expect(within(alert).getByRole('button', { name: /Buy traffic/ })).toBeTruthy();
    expect(within(alert).queryByTestId('dashboard-allocate')).toBeNull();
  });

  it('says "run out" only when nothing is left anywhere', async () => {
    mockSubList(
      [aSub({ id: 7, username: 'emptyaccount2026', allocated_bytes: gb(1), traffic_left_bytes: 0 })],
      0,
    );
    await openDashboard({
      traffic_left_bytes: 0,
      subaccounts_traffic_left_bytes: 0,
      subaccounts_count: 1,
      subaccounts_empty_count: 1,
    });

    const alert = await screen.findByTestId('dashboard-low-traffic');
    expect(alert.dataset.level).toBe('empty');
    expect(within(alert).getByText('Your traffic has run out')).toBeTruthy();
    expect(screen.getByTestId('header-traffic').textContent).toBe('0.00 MB');
  });
});
