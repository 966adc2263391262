import { adminCatalogueEndpoints as calls } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { named, untilListLoaded } from '../../test/queries';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import AdminCataloguePage from '.';

const tiers = [
  { min_gb: 1, price_per_gb_cents: 450 },
  { min_gb: 10, price_per_gb_cents: 400 },
];

async function openTiers() {
  signIn({ access: { name: 'operator' } });
  mockEndpoint(calls.tiers, { list: tiers });
  const view = await renderPage(AdminCataloguePage, { path: paths.adminCatalogue });
  await screen.findByText('$4.50');
  // The rows are on screen; the table's loading blur goes a render later.
  await untilListLoaded('tiers-table');
  return view;
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText<HTMLInputElement>(label);

describe('the catalogue page: price tiers', () => {
  it('lists the tiers; the 1 GB base tier can be repriced but not removed', async () => {
    await openTiers();
    const base = screen.getByTestId('tier-row-1');
    expect(base.textContent).toContain('Base price');
    expect(within(base).queryByRole('button', { name: named('Remove') })).toBeNull();
    expect(
      within(screen.getByTestId('tier-row-10')).getByRole('button', { name: named('Remove') }),
    ).toBeTruthy();
  });

  it('adds a tier, sending whole GB, the price in cents and the reason', async () => {
    const set = mockEndpoint(calls.tierSet, { min_gb: 1000, price_per_gb_cents: 210 });
    const { user } = await openTiers();
    await user.click(screen.getByRole('button', { name: named('Add tier') }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a price tier' });
    await user.type(field(dialog, 'From (GB)'), '1000');
    await user.type(field(dialog, 'Price per GB (USD)'), '2,1');
    await user.type(field(dialog, 'Reason'), 'Bulk price for resellers');
    await user.click(within(dialog).getByRole('button', { name: named('Add') }));

    await screen.findByText('Price tier saved');
    expect(set.sent).toEqual([
      { min_gb: '1000', price_per_gb_cents: '210', reason: 'Bulk price for resellers' },
    ]);
  });

  it("keeps the dialog open with the server's refusal on the price field", async () => {
    const set = mockEndpoint(
      calls.tierSet,
      refuse('TierPriceInvalid', 'The price per GB must be more than 0'),
    );
    const { user } = await openTiers();
    await user.click(
      within(screen.getByTestId('tier-row-10')).getByRole('button', { name: named('Change price') }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change the price from 10 GB' });
    expect(field(dialog, 'From (GB)').value).toBe('10');
    expect(field(dialog, 'From (GB)').disabled).toBe(true);
    await user.clear(field(dialog, 'Price per GB (USD)'));
    await user.type(field(dialog, 'Price per GB (USD)'), '0');
    await user.type(field(dialog, 'Reason'), 'Free for a day');
    await user.click(within(dialog).getByRole('button', { name: named('Save') }));

    await within(dialog).findByText('The price per GB must be more than 0');
    expect(set.sent).toEqual([{ min_gb: '10', price_per_gb_cents: '0', reason: 'Free for a day' }]);
    expect(screen.getByRole('dialog', { name: 'Change the price from 10 GB' })).toBeTruthy();
  });

  it('removes a tier only after a confirmation with a reason', async () => {
    const remove = mockEndpoint(calls.tierRemove, { min_gb: 10 });
    const { user } = await openTiers();
    await user.click(
      within(screen.getByTestId('tier-row-10')).getByRole('button', { name: named('Remove') }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Remove the tier from 10 GB?' });
    await user.click(within(confirm).getByRole('button', { name: named('Remove') }));
    await within(confirm).findByText(/Give a reason/);
    expect(remove.sent).toEqual([]);

    await user.type(field(confirm, 'Reason'), 'Merged into the 50 GB tier');
    await user.click(within(confirm).getByRole('button', { name: named('Remove') }));
    await screen.findByText('Price tier removed');
    expect(remove.sent).toEqual([{ min_gb: '10', reason: 'Merged into the 50 GB tier' }]);
  });
});
