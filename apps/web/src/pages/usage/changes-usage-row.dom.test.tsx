import { trafficEndpoints, type TrafficChange, type TrafficChangeKind } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockEndpoint } from '../../test/api-mock';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { ChangesTab } from './changes-tab';
import { defaultFilters } from '../../features/traffic/usage-filters';

const range = { start: '2026-11-24', end: '2026-11-25' };

/** The change record shows the gateway's traffic as usage rows, so the balance chains (decision 027). */
function Changes() {
  return (
    <ChangesTab
      filters={{ ...defaultFilters, range: { custom: range } }}
      range={range}
      update={() => undefined}
    />
  );
}

describe('traffic change record', () => {
  it('shows a usage row with its span, and the balances chain across it and add up on screen', async () => {
    signIn();
    const row = (
      id: number,
      kind: TrafficChangeKind,
      time: string,
      amount: number,
      before: number,
      since: string | null,
      forSubaccounts = 0,
    ): TrafficChange => ({
      id,
      time,
      kind,
      subaccount_id: null,
      username: null,
      amount_bytes: amount,
      balance_before_bytes: before,
      balance_after_bytes: before + amount,
      since,
      for_subaccounts_bytes: forSubaccounts,
    });
    mockEndpoint(trafficEndpoints.changelog, {
      list: [
        row(
          10,
          'usage',
          '2026-11-26T05:28:00.000Z',
          -784_000,
          10_000_006_000,
          '2026-11-26T05:20:00.000Z',
          -40_000,
        ),
        row(9, 'usage', '2026-11-25T23:50:00.000Z', -14_000_000, 2_000_000_000, '2026-11-25T03:00:00.000Z'),
        row(3, 'purchase', '2026-11-25T01:00:00.000Z', 2_000_000_000, 0, null),
      ],
      total: 3,
      page: 1,
      page_size: 20,
      start_date: '2026-11-24',
      end_date: '2026-11-25',
    });
    await renderPage(Changes, { path: '/usage' });

    const usage = await screen.findByTestId('traffic-change-9');
    expect(within(usage).getByText('Usage')).toBeTruthy();
    expect(within(usage).getByTestId('usage-span').textContent).toBe('2026-11-25 03:00–23:50 UTC');
    expect(usage.textContent).toContain('-14.002,000.00 → 1,986.00');
    expect(within(screen.getByTestId('traffic-change-3')).queryByTestId('usage-span')).toBeNull();
    expect(screen.getByTestId('traffic-change-3').textContent).toContain('2026-11-25 01:00 UTC');
    expect(screen.getByRole('columnheader', { name: 'Time' })).toBeTruthy();

    // Exactly 10,000.006 MB − 0.784 MB = 9,999.222 MB: the balances read 10,000.01 → 9,999.22, so the
    // change reads −0.79 (rounded on its own it would read −0.78, and 10,000.01 − 0.78 ≠ 9,999.22).
    const small = screen.getByTestId('traffic-change-10');
    expect(small.textContent).toContain('-0.7910,000.01 → 9,999.22');
    expect(within(small).getByTestId('usage-span').textContent).toBe('2026-11-26 05:20–05:28 UTC');
    // Part of the main account's usage paid for a sub-account past zero: the row says so.
    expect(within(small).getByTestId('usage-for-subaccounts').textContent).toBe(
      'incl. 0.04 MB paid for sub-accounts past their traffic',
    );
    expect(within(usage).queryByTestId('usage-for-subaccounts')).toBeNull();
  });
});
