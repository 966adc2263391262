import { subEndpoints, validationMessages } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { mockAlerts } from '../../test/alerts-api';
import { aSub, gb } from '../../test/fixtures';
import { named } from '../../test/queries';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { mockSubList } from '../../test/subaccounts-api';
import EditSubAccountPage from '.';

const sub = aSub({ id: 6, username: 'alertsproxy2026' });

async function openSubAlerts(alerts: Parameters<typeof mockAlerts>[0], shown = sub) {
  signIn({ traffic_left_bytes: gb(10) });
  mockAlerts(alerts);
  mockSubList([shown], gb(10));
  const view = await renderPage(EditSubAccountPage, {
    path: paths.editSubAccount,
    url: `${paths.editSubAccount}?id=${shown.id}`,
  });
  const card = within(await screen.findByTestId('sub-alerts-card'));
  return { ...view, card };
}

describe("a sub-account's alerts on its edit page", () => {
  it("follows the account's thresholds by default and saves its own for this sub-account only", async () => {
    const update = mockEndpoint(subEndpoints.alerts, { ...sub, alert_percents: [50, 95] });
    const { user, card } = await openSubAlerts({ email_enabled: true, sub_percents: [80, 90] });
    // The account's thresholds come with its alert settings.
    expect((await card.findByLabelText<HTMLInputElement>("The account's (80, 90 %)")).checked).toBe(true);
    await user.click(card.getByLabelText('Its own'));
    await user.type(await card.findByTestId('sub-alerts-percents'), '95, 50');
    await user.click(card.getByRole('button', { name: named('Save alerts') }));
    await screen.findByText('Alerts saved');
    expect(update.sent).toEqual([{ id: '6', alert_percents: '95, 50' }]);
    expect(update.inputs).toEqual([{ id: 6, alert_percents: [50, 95] }]);
  });

  it('turns them off for it, or back to the account’s, and refuses a bad list', async () => {
    const update = mockEndpoint(subEndpoints.alerts, { ...sub, alert_percents: [] });
    const { user, card } = await openSubAlerts({}, { ...sub, alert_percents: [70] });
    expect(await card.findByTestId('sub-alerts-channels-off')).toBeTruthy();
    const percents = card.getByTestId<HTMLInputElement>('sub-alerts-percents');
    expect(percents.value).toBe('70');
    await user.clear(percents);
    await user.type(percents, '0');
    await user.click(card.getByRole('button', { name: named('Save alerts') }));
    expect(await card.findByText(validationMessages['en-us']['validation.percents'])).toBeTruthy();
    expect(update.inputs).toEqual([]);

    await user.click(card.getByLabelText('None for this sub-account'));
    await user.click(card.getByRole('button', { name: named('Save alerts') }));
    await screen.findByText('Alerts saved');
    await user.click(card.getByLabelText("The account's (none set)"));
    await user.click(card.getByRole('button', { name: named('Save alerts') }));
    await expect
      .poll(() => update.sent)
      .toEqual([
        { id: '6', alert_percents: 'none' },
        { id: '6', alert_percents: '' },
      ]);
  });
});
