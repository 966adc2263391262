import { subEndpoints, validationMessages } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { aSub, gb } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { mockSubList } from '../../test/subaccounts-api';
import { named } from '../../test/queries';
import EditSubAccountPage from '.';
import { mockAlerts } from '../../test/alerts-api';

const plain = aSub({ id: 6, username: 'refillproxy2026' });
const refilled = aSub({
  id: 6,
  username: 'refillproxy2026',
  refill_below_bytes: gb(0.5),
  refill_amount_bytes: gb(2),
  refill_daily_max_bytes: gb(10),
  refilled_today_bytes: gb(4),
});

async function openRefill(sub = plain) {
  signIn({ traffic_left_bytes: gb(10) });
  mockSubList([sub], gb(10));
  const view = await renderPage(EditSubAccountPage, {
    path: paths.editSubAccount,
    url: `${paths.editSubAccount}?id=${sub.id}`,
  });
  const card = within(await screen.findByTestId('sub-refill-card'));
  const field = (label: string) => card.getByLabelText<HTMLInputElement>(label);
  return { ...view, card, field };
}

// The page reads the account's alert settings (its alerts card).
beforeEach(() => {
  mockAlerts();
});
describe('auto-refill on the edit page', () => {
  it('turns it on for this sub-account with the threshold, amount and daily maximum in GB', async () => {
    const update = mockEndpoint(subEndpoints.refill, refilled);
    const { user, field, card } = await openRefill();
    await user.type(field('When below'), '0,5');
    await user.type(field('Add each time'), '2');
    await user.type(field('At most per day'), '10');
    await user.click(card.getByRole('button', { name: named('Save auto-refill') }));

    await screen.findByText('Auto-refill saved');
    expect(update.sent).toEqual([
      { id: '6', refill_below: '0.5', refill_amount: '2', refill_daily_max: '10' },
    ]);
    expect(update.inputs).toEqual([
      { id: 6, refill_below: gb(0.5), refill_amount: gb(2), refill_daily_max: gb(10) },
    ]);
  });

  it('refuses a threshold without an amount and a daily maximum below one refill, sending nothing', async () => {
    const update = mockEndpoint(subEndpoints.refill, refilled);
    const { user, field, card } = await openRefill();
    await user.type(field('When below'), '1');
    await user.click(card.getByRole('button', { name: named('Save auto-refill') }));
    expect(await card.findByText(validationMessages['en-us']['validation.refillPair'])).toBeTruthy();

    await user.type(field('Add each time'), '2');
    await user.type(field('At most per day'), '1');
    await user.click(card.getByRole('button', { name: named('Save auto-refill') }));
    expect(await card.findByText(validationMessages['en-us']['validation.refillDailyMax'])).toBeTruthy();
    expect(update.inputs).toEqual([]);
  });

  it("shows what it refilled today, and turns it off by clearing this sub-account's setting", async () => {
    const update = mockEndpoint(subEndpoints.refill, plain);
    const { user, field, card } = await openRefill(refilled);
    expect(field('When below').value).toBe('0.5');
    expect(card.getByTestId('sub-refill-today').textContent).toBe('Refilled today (UTC): 4.00 GB / 10.00 GB');
    await user.click(card.getByRole('button', { name: named('Turn off') }));

    await screen.findByText('Auto-refill turned off');
    expect(update.sent).toEqual([{ id: '6', refill_below: '', refill_amount: '', refill_daily_max: '' }]);
  });

  it('says when it stopped because the main account was empty', async () => {
    const { card } = await openRefill({ ...refilled, refill_stopped: true });
    expect(card.getByTestId('sub-refill-stopped').textContent).toContain('main account had no traffic');
  });
});
