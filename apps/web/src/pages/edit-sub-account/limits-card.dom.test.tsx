import { subEndpoints, validationMessages } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { aSub, gb } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { mockSubList } from '../../test/subaccounts-api';
import { named } from '../../test/queries';
import EditSubAccountPage from '.';
import { mockAlerts } from '../../test/alerts-api';

const capped = aSub({
  id: 5,
  username: 'shopproxy2026',
  daily_cap_bytes: gb(1),
  monthly_cap_bytes: null,
  used_today_bytes: gb(0.25),
  used_this_month_bytes: gb(3),
  expires_on: '2099-12-31',
  max_connections: 50,
});

async function openLimits(sub = capped) {
  signIn({ traffic_left_bytes: gb(10) });
  mockSubList([sub], gb(10));
  const view = await renderPage(EditSubAccountPage, {
    path: paths.editSubAccount,
    url: `${paths.editSubAccount}?id=${sub.id}`,
  });
  const card = within(await screen.findByTestId('sub-limits-card'));
  const field = (label: string) => card.getByLabelText<HTMLInputElement>(label);
  return { ...view, card, field };
}

// The page reads the account's alert settings (its alerts card).
beforeEach(() => {
  mockAlerts();
});
describe('sub-account limits on its edit page', () => {
  it("shows this sub-account's limits in the fields and what the caps counted so far", async () => {
    const { field } = await openLimits();
    expect(field('Daily cap').value).toBe('1');
    expect(field('Monthly cap').value).toBe('');
    expect(field('Last day (UTC)').value).toBe('2099-12-31');
    expect(field('Connections at once').value).toBe('50');
    expect(screen.getByTestId('sub-limits-today').textContent).toBe('250.00 MB / 1.00 GB');
    expect(screen.getByTestId('sub-limits-month').textContent).toBe('3.00 GB');
  });

  it('saves every limit of this sub-account: new values, and empty ones as removed', async () => {
    const update = mockEndpoint(subEndpoints.limits, { ...capped, monthly_cap_bytes: gb(20) });
    const { user, field } = await openLimits();
    await user.type(field('Monthly cap'), '20');
    await user.clear(field('Connections at once'));
    await user.click(screen.getByRole('button', { name: named('Save limits') }));

    await screen.findByText('Limits saved');
    expect(update.sent).toEqual([
      { id: '5', daily_cap: '1', monthly_cap: '20', expires_on: '2099-12-31', max_connections: '' },
    ]);
    expect(update.inputs).toEqual([
      { id: 5, daily_cap: gb(1), monthly_cap: gb(20), expires_on: '2099-12-31', max_connections: null },
    ]);
  });

  it('checks caps and the connection limit as the server does before sending anything', async () => {
    const update = mockEndpoint(subEndpoints.limits, capped);
    const { user, field, card } = await openLimits();
    await user.clear(field('Daily cap'));
    await user.type(field('Daily cap'), '0');
    await user.clear(field('Connections at once'));
    await user.type(field('Connections at once'), '10001');
    await user.click(screen.getByRole('button', { name: named('Save limits') }));

    expect(await card.findByText(validationMessages['en-us']['validation.traffic'])).toBeTruthy();
    expect(await card.findByText(validationMessages['en-us']['validation.connections'])).toBeTruthy();
    expect(update.inputs).toEqual([]);
  });

  it('takes only digits for the connection limit: + - * / e . , do nothing (number inputs)', async () => {
    const { user, field } = await openLimits();
    await user.clear(field('Connections at once'));
    await user.type(field('Connections at once'), '-2*3+1/2e1.5,0');
    expect(field('Connections at once').value).toBe('2312150');
  });

  it("puts the server's refusal of a last day on that field", async () => {
    mockEndpoint(
      subEndpoints.limits,
      refuse('SubExpiryPast', 'This last day is already over; choose today or a later day'),
    );
    const { user, card } = await openLimits();
    await user.click(screen.getByRole('button', { name: named('Save limits') }));
    expect(await card.findByText(/This last day is already over/)).toBeTruthy();
  });

  it('says an expired sub-account is expired, in the card and beside its status', async () => {
    await openLimits({ ...capped, expired: true, expires_on: '2026-01-31' });
    expect(await screen.findByTestId('sub-limits-expired')).toBeTruthy();
    expect(screen.getByTestId('sub-limit-state').dataset.state).toBe('expired');
  });

  it('says a sub-account at its daily cap has reached it', async () => {
    await openLimits({ ...capped, used_today_bytes: gb(1) });
    expect((await screen.findByTestId('sub-limit-state')).dataset.state).toBe('cap_reached');
    expect(screen.getByText('Cap reached')).toBeTruthy();
  });
});
