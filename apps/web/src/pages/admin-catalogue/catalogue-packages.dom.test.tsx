import { adminCatalogueEndpoints as calls, type AdminPackage } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { named, untilListLoaded } from '../../test/queries';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import AdminCataloguePage from '.';

const GB = 1_000_000_000;
const pack = (fields: Partial<AdminPackage> & Pick<AdminPackage, 'id' | 'code'>): AdminPackage => ({
  traffic_bytes: 5 * GB,
  price_cents: 2250,
  is_trial: false,
  active: true,
  order_count: 0,
  ...fields,
});
const trial = pack({
  id: 1,
  code: 'trial',
  traffic_bytes: GB / 10,
  price_cents: 0,
  is_trial: true,
  order_count: 41,
});
const starter = pack({ id: 2, code: 'starter', order_count: 7 });
const old = pack({ id: 9, code: 'old-promo', price_cents: 1500, active: false });

async function openPackages() {
  signIn({ access: { name: 'operator' } });
  mockEndpoint(calls.packages, { list: [trial, starter, old] });
  const view = await renderPage(AdminCataloguePage, {
    path: paths.adminCatalogue,
    url: `${paths.adminCatalogue}?tab=packages`,
  });
  await screen.findByText('$22.50');
  // The rows are on screen; the table's loading blur goes a render later.
  await untilListLoaded('packages-table');
  return view;
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText<HTMLInputElement>(label);
const rowOf = (code: string) => screen.getByTestId(`package-row-${code}`);

describe('the catalogue page: packages', () => {
  it('lists every package, the trial and disabled ones too, with their orders', async () => {
    await openPackages();
    expect(rowOf('trial').textContent).toContain('Trial');
    expect(rowOf('trial').textContent).toContain('100.00 MB');
    expect(rowOf('starter').textContent).toContain('5.00 GB');
    expect(within(rowOf('starter')).getByText('7')).toBeTruthy();
    expect(rowOf('old-promo').textContent).toContain('Disabled');
    expect(within(rowOf('old-promo')).getByRole('button', { name: named('Enable') })).toBeTruthy();
  });

  it('adds a package, sending exact bytes, cents and the flags', async () => {
    const create = mockEndpoint(calls.packageCreate, pack({ id: 10, code: 'mega' }));
    const { user } = await openPackages();
    await user.click(screen.getByRole('button', { name: named('Add package') }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a package' });
    await user.type(field(dialog, 'Code'), 'mega');
    await user.type(field(dialog, 'Traffic (GB)'), '2,5');
    await user.type(field(dialog, 'Price (USD)'), '9.99');
    await user.type(field(dialog, 'Reason'), 'Black Friday bundle');
    await user.click(within(dialog).getByRole('button', { name: named('Add') }));

    await screen.findByText('Package saved');
    expect(create.sent).toEqual([
      {
        code: 'mega',
        traffic_bytes: '2500000000',
        price_cents: '999',
        is_trial: 'false',
        active: 'true',
        reason: 'Black Friday bundle',
      },
    ]);
  });

  it("edits the package it was opened for, and keeps the dialog open on the server's refusal", async () => {
    const update = mockEndpoint(calls.packageUpdate, (_input, call) =>
      call === 1 ? refuse('PackageCodeTaken', 'A package with the code trial already exists') : starter,
    );
    const { user } = await openPackages();
    await user.click(within(rowOf('starter')).getByRole('button', { name: named('Edit') }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit package starter' });
    expect([field(dialog, 'Traffic (GB)').value, field(dialog, 'Price (USD)').value]).toEqual(['5', '22.50']);
    await user.clear(field(dialog, 'Code'));
    await user.type(field(dialog, 'Code'), 'trial');
    await user.click(within(dialog).getByText('On sale'));
    await user.type(field(dialog, 'Reason'), 'Rename');
    await user.click(within(dialog).getByRole('button', { name: named('Save') }));
    await within(dialog).findByText('A package with the code trial already exists');

    await user.clear(field(dialog, 'Code'));
    await user.type(field(dialog, 'Code'), 'starter-5');
    await user.click(within(dialog).getByRole('button', { name: named('Save') }));
    await screen.findByText('Package saved');
    const body = {
      id: '2',
      traffic_bytes: '5000000000',
      price_cents: '2250',
      is_trial: 'false',
      active: 'false',
    };
    expect(update.sent).toEqual([
      { ...body, code: 'trial', reason: 'Rename' },
      { ...body, code: 'starter-5', reason: 'Rename' },
    ]);
  });

  it('disables a package after a confirmation with a reason', async () => {
    const setActive = mockEndpoint(calls.packageActive, { ...starter, active: false });
    const { user } = await openPackages();
    await user.click(within(rowOf('starter')).getByRole('button', { name: named('Disable') }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop selling starter?' });
    await user.type(field(confirm, 'Reason'), 'Replaced by mega');
    await user.click(within(confirm).getByRole('button', { name: named('Disable') }));
    await screen.findByText('Package starter disabled');
    expect(setActive.sent).toEqual([{ id: '2', active: 'false', reason: 'Replaced by mega' }]);
  });
});
