import { adminCatalogueEndpoints as calls, type AdminCoupon } from '@resiport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, refuse } from '../../test/api-mock';
import { setViewportWidth } from '../../test/browser-stubs';
import { aPage } from '../../test/fixtures';
import { named, untilListLoaded } from '../../test/queries';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import AdminCataloguePage from '.';

/** Always a day the picker offers (not before today), whatever day the test runs. */
const LAST_DAY = `${new Date().getUTCFullYear() + 1}-12-31`;

const coupon = (fields: Partial<AdminCoupon> & Pick<AdminCoupon, 'id' | 'code'>): AdminCoupon => ({
  kind: 'percent',
  value: 10,
  expires_at: null,
  max_uses: null,
  max_uses_per_account: null,
  account_id: null,
  account_email: null,
  uses: 0,
  accounts_used: 0,
  active: true,
  status: 'active',
  created_at: '2026-11-20T10:00:00.000Z',
  ...fields,
});
const spring = coupon({
  id: 5,
  code: 'SPRING',
  expires_at: `${LAST_DAY}T23:59:59.000Z`,
  max_uses: 10,
  uses: 3,
  accounts_used: 2,
});
const vip = coupon({
  id: 6,
  code: 'VIP',
  kind: 'fixed',
  value: 550,
  account_id: 42,
  account_email: 'vip@example.test',
});

async function openCoupons() {
  signIn({ access: { name: 'operator' } });
  const list = mockEndpoint(calls.coupons, aPage([vip, spring], 1, 20));
  const view = await renderPage(AdminCataloguePage, {
    path: paths.adminCatalogue,
    url: `${paths.adminCatalogue}?tab=coupons`,
  });
  await screen.findByText('SPRING');
  // The rows are on screen; the table's loading blur goes a render later.
  await untilListLoaded('coupons-table');
  return { ...view, list };
}

async function openNewCoupon(user: Awaited<ReturnType<typeof openCoupons>>['user']) {
  await user.click(screen.getByRole('button', { name: named('New coupon') }));
  return screen.findByRole('dialog', { name: 'New coupon' });
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText<HTMLInputElement>(label);

describe('the catalogue page: coupons', () => {
  it('lists coupons with their discount, expiry, uses and who they are for', async () => {
    await openCoupons();
    const springRow = screen.getByTestId('coupon-row-SPRING');
    expect(springRow.textContent).toContain('10% off');
    expect(springRow.textContent).toContain(`${LAST_DAY} 23:59 UTC`);
    expect(within(springRow).getByTestId('coupon-uses').textContent).toBe('3 / 10');
    expect(springRow.textContent).toContain('2 accounts');
    const vipRow = screen.getByTestId('coupon-row-VIP');
    expect(vipRow.textContent).toContain('$5.50 off');
    expect(vipRow.textContent).toContain('vip@example.test');
    expect(vipRow.textContent).toContain('Never');
  });

  it('creates a percent coupon: the percent, the last day as a UTC date, the limits and the account', async () => {
    const create = mockEndpoint(calls.couponCreate, coupon({ id: 7, code: 'FRIDAY-20', value: 20 }));
    const { user } = await openCoupons();
    const dialog = await openNewCoupon(user);
    await user.type(field(dialog, 'Code'), 'friday-20');
    await user.type(field(dialog, 'Percent off'), '20');
    await user.type(field(dialog, 'Last day (UTC)'), `${LAST_DAY}{Enter}`);
    await user.type(field(dialog, 'Uses in total'), '100');
    await user.type(field(dialog, 'Uses per account'), '1');
    await user.type(field(dialog, 'Only for (email or account id)'), 'vip@example.test');
    await user.type(field(dialog, 'Reason'), 'Black Friday for our best customer');
    await user.click(within(dialog).getByRole('button', { name: named('Create coupon') }));

    await screen.findByText('Coupon FRIDAY-20 created');
    expect(create.sent).toEqual([
      {
        code: 'friday-20',
        kind: 'percent',
        value: '20',
        expires_on: LAST_DAY,
        max_uses: '100',
        max_uses_per_account: '1',
        account: 'vip@example.test',
        reason: 'Black Friday for our best customer',
      },
    ]);
  });

  it('creates a fixed coupon in cents, with no expiry or limits', async () => {
    const create = mockEndpoint(
      calls.couponCreate,
      coupon({ id: 8, code: 'FIVE50', kind: 'fixed', value: 550 }),
    );
    const { user } = await openCoupons();
    const dialog = await openNewCoupon(user);
    await user.type(field(dialog, 'Code'), 'FIVE50');
    await user.click(within(dialog).getByText('Fixed amount'));
    await user.type(field(dialog, 'USD off'), '5.5');
    await user.type(field(dialog, 'Reason'), 'Apology for the outage');
    await user.click(within(dialog).getByRole('button', { name: named('Create coupon') }));

    await screen.findByText('Coupon FIVE50 created');
    expect(create.sent).toEqual([
      {
        code: 'FIVE50',
        kind: 'fixed',
        value: '550',
        expires_on: '',
        max_uses: '',
        max_uses_per_account: '',
        account: '',
        reason: 'Apology for the outage',
      },
    ]);
  });

  it('keeps the dialog open with each refusal on its field (code taken, no such account)', async () => {
    const create = mockEndpoint(calls.couponCreate, (_input, call) =>
      call === 1
        ? refuse('CouponCodeTaken', 'A coupon SPRING already exists')
        : refuse('NotFound', 'Not found'),
    );
    const { user } = await openCoupons();
    const dialog = await openNewCoupon(user);
    await user.type(field(dialog, 'Code'), 'spring');
    await user.type(field(dialog, 'Percent off'), '15');
    await user.type(field(dialog, 'Only for (email or account id)'), '999');
    await user.type(field(dialog, 'Reason'), 'Second spring campaign');
    await user.click(within(dialog).getByRole('button', { name: named('Create coupon') }));
    await within(dialog).findByText('A coupon SPRING already exists');

    await user.clear(field(dialog, 'Code'));
    await user.type(field(dialog, 'Code'), 'spring-2');
    await user.click(within(dialog).getByRole('button', { name: named('Create coupon') }));
    await within(dialog).findByText('Not found');
    expect(create.sent.map((body) => [body.code, body.account])).toEqual([
      ['spring', '999'],
      ['spring-2', '999'],
    ]);
    expect(screen.getByRole('dialog', { name: 'New coupon' })).toBeTruthy();
  });

  it('edits only what changed, and shows a limit below the uses on its field', async () => {
    const update = mockEndpoint(calls.couponUpdate, (_input, call) =>
      call === 1
        ? refuse(
            'CouponLimitBelowUses',
            'This coupon has been used 3 times already; the limit cannot be lower',
          )
        : coupon({ ...spring, max_uses: 20, active: false, status: 'disabled' }),
    );
    const { user } = await openCoupons();
    await user.click(
      within(screen.getByTestId('coupon-row-SPRING')).getByRole('button', { name: named('Edit') }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit coupon SPRING' });
    expect(field(dialog, 'Last day (UTC)').value).toBe(LAST_DAY);
    await user.clear(field(dialog, 'Uses in total'));
    await user.type(field(dialog, 'Uses in total'), '2');
    await user.type(field(dialog, 'Reason'), 'Fewer uses');
    await user.click(within(dialog).getByRole('button', { name: named('Save') }));
    await within(dialog).findByText('This coupon has been used 3 times already; the limit cannot be lower');

    await user.clear(field(dialog, 'Uses in total'));
    await user.type(field(dialog, 'Uses in total'), '20');
    await user.click(within(dialog).getByText('Active (customers can use it)'));
    await user.click(within(dialog).getByRole('button', { name: named('Save') }));
    await screen.findByText('Coupon saved');
    expect(update.sent).toEqual([
      { id: '5', max_uses: '2', reason: 'Fewer uses' },
      { id: '5', max_uses: '20', active: 'false', reason: 'Fewer uses' },
    ]);
  });

  it('disables a coupon after a confirmation with a reason', async () => {
    const disable = mockEndpoint(calls.couponDisable, { ...vip, active: false, status: 'disabled' });
    const { user } = await openCoupons();
    await user.click(
      within(screen.getByTestId('coupon-row-VIP')).getByRole('button', { name: named('Disable') }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Disable coupon VIP?' });
    await user.type(field(confirm, 'Reason'), 'Customer closed the account');
    await user.click(within(confirm).getByRole('button', { name: named('Disable') }));
    await screen.findByText('Coupon VIP disabled');
    expect(disable.sent).toEqual([{ id: '6', reason: 'Customer closed the account' }]);
  });

  it('searches, filters by status and shows the uses per account', async () => {
    const uses = mockEndpoint(
      calls.couponUses,
      aPage([
        { account_id: 42, email: 'buyer@example.test', uses: 2, last_used_at: '2026-11-21T08:30:00.000Z' },
      ]),
    );
    const { user, list } = await openCoupons();
    await user.type(screen.getByPlaceholderText('Code or email'), 'spr{Enter}');
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByTitle('Expired'));
    // The list asks again once the filter changes: wait for that request and its page.
    await waitFor(() =>
      expect(list.sent.at(-1)).toEqual({ page: '1', page_size: '20', q: 'spr', status: 'expired' }),
    );
    const table = await untilListLoaded('coupons-table');
    await user.click(
      within(within(table).getByTestId('coupon-row-SPRING')).getByRole('button', {
        name: named('Uses by account'),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Uses of SPRING' });
    expect(
      (await within(dialog).findByRole('link', { name: 'buyer@example.test' })).getAttribute('href'),
    ).toContain('id=42');
    expect(uses.sent).toEqual([{ id: '5', page: '1', page_size: '10' }]);
  });

  it('on a phone each coupon is a card with every field and its actions', async () => {
    setViewportWidth(390);
    await openCoupons();
    const table = screen.getByTestId('coupons-table');
    expect(table.dataset.layout).toBe('cards');
    expect(within(table).getAllByText('Uses')).toHaveLength(2);
    expect(within(table).getAllByRole('button', { name: named('Edit') })).toHaveLength(2);
    expect(within(table).getAllByRole('button', { name: named('Disable') })).toHaveLength(2);
  });
});
