import { trafficEndpoints } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockEndpoint } from '../../test/api-mock';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { ChangesTab } from './changes-tab';
import { defaultFilters } from '../../features/traffic/usage-filters';

const range = { start: '2026-11-24', end: '2026-11-25' };

/** Issue 15: the change record shows the gateway's traffic as usage rows, so the balance chains. */
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
  it('shows a usage row with its span, and the balances chain across it', async () => {
    signIn();
    const row = (
      id: number,
      kind: string,
      time: string,
      amount: number,
      before: number,
      since: string | null,
    ) => ({
      id,
      time,
      kind,
      subaccount_id: null,
      username: null,
      amount_bytes: amount,
      balance_before_bytes: before,
      balance_after_bytes: before + amount,
      since,
    });
    mockEndpoint(trafficEndpoints.changelog, {
      list: [
        row(9, 'usage', '2026-11-25T23:50:00.000Z', -14_000_000, 2_000_000_000, '2026-11-25T03:00:00.000Z'),
        row(3, 'purchase', '2026-11-25T01:00:00.000Z', 2_000_000_000, 0, null),
      ],
      total: 2,
      page: 1,
      page_size: 20,
      start_date: '2026-11-24',
      end_date: '2026-11-25',
    } as never);
    await renderPage(Changes, { path: '/usage' });

    const usage = await screen.findByTestId('traffic-change-9');
    expect(within(usage).getByText('Usage')).toBeTruthy();
    expect(within(usage).getByTestId('usage-since').textContent).toBe('from 2026-11-25 03:00 UTC');
    expect(usage.textContent).toContain('-14.002,000.00 → 1,986.00');
    expect(within(screen.getByTestId('traffic-change-3')).queryByTestId('usage-since')).toBeNull();
  });
});
