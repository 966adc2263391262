import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { KNOWN_COUPON, mockOrderCatalogue, starter } from '../../test/orders-api';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { named } from '../../test/queries';
import NewOrderPage from '.';

async function openNewOrder() {
  signIn({ balance_cents: 5_000 });
  const check = mockOrderCatalogue();
  const view = await renderPage(NewOrderPage, { path: paths.newOrder });
  await screen.findByRole('button', { name: named('Pay $30.90 with crypto') });
  return { ...view, check };
}

const summary = () => within(screen.getByTestId('order-summary'));

describe('new order: the quote', () => {
  it('quotes the first package with the crypto fee, as the server prices it', async () => {
    const { check } = await openNewOrder();
    expect(check.inputs).toEqual([{ package_id: starter.id, way: 'cryptomus' }]);
    expect(summary().getByText('Starter')).toBeTruthy();
    expect(summary().getByText('Processing fee (3%)')).toBeTruthy();
    expect(screen.getByTestId('order-fee').textContent).toBe('$0.90');
    expect(screen.getByTestId('order-total').textContent).toBe('$30.90');
  });

  it('quotes again without the fee when paying from the balance', async () => {
    const { user, check } = await openNewOrder();
    await user.click(screen.getByRole('radio', { name: /^Balance/ }));
    await screen.findByRole('button', { name: named('Pay $30.00 from balance') });
    expect(check.inputs.at(-1)).toEqual({ package_id: starter.id, way: 'balance' });
    expect(screen.getByTestId('order-fee').textContent).toBe('$0.00');
  });
});

describe('new order: the coupon', () => {
  it('applies a coupon once the server accepts it and shows what it takes off', async () => {
    const { user, check } = await openNewOrder();
    await user.type(screen.getByRole('textbox', { name: 'Coupon' }), 'save10 ');
    await user.click(screen.getByRole('button', { name: named('Apply') }));

    await screen.findByText(`${KNOWN_COUPON}: 10% off`);
    // Sent trimmed and in capitals, as the server reads it.
    expect(check.inputs).toContainEqual({ package_id: starter.id, way: 'cryptomus', coupon: KNOWN_COUPON });
    expect(check.sent.some((fields) => fields.coupon === KNOWN_COUPON)).toBe(true);
    expect(screen.getByTestId('order-discount').textContent).toBe('−$3.00');
    await screen.findByRole('button', { name: named('Pay $27.81 with crypto') });
  });

  it('toasts the refusal of an unknown coupon (docs/product.md#request-wrapper), shows it on the field and keeps the price', async () => {
    const { user } = await openNewOrder();
    const field = screen.getByRole('textbox', { name: 'Coupon' });
    await user.type(field, 'NOPE');
    await user.click(screen.getByRole('button', { name: named('Apply') }));

    const formItem = within(field.closest<HTMLElement>('.ant-form-item') ?? document.body);
    await formItem.findByText('This coupon does not exist');
    // The 3-second error toast every non-zero code gets, besides the field's message.
    await expect
      .poll(() => document.querySelector('.ant-message-error')?.textContent ?? '')
      .toBe('This coupon does not exist');
    expect(screen.queryByText(/% off/)).toBeNull();
    expect(screen.getByTestId('order-total').textContent).toBe('$30.90');
  });
});
