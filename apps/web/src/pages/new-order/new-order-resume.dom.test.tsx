import { orderEndpoints } from '@resiport/contract';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, passThrough } from '../../test/api-mock';
import { KNOWN_COUPON, mockOrderCatalogue } from '../../test/orders-api';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { named } from '../../test/queries';
import NewOrderPage from '.';

describe('new order: topping up for it and coming back', () => {
  it('"Top up $20.00" keeps the order; back with ?resume=1 it is as it was left', async () => {
    signIn({ balance_cents: 1_000 });
    const check = mockOrderCatalogue();
    mockEndpoint(
      orderEndpoints.pay,
      passThrough(orderEndpoints.pay, 'PaymentRequired', {
        amount_cents: 2_700,
        balance_cents: 1_000,
        missing_cents: 1_700,
      }),
    );
    const first = await renderPage(NewOrderPage, { path: paths.newOrder });
    const { user } = first;
    await screen.findByRole('button', { name: named('Pay $30.90 with crypto') });
    await user.click(screen.getByRole('radio', { name: /^Balance/ }));
    await user.type(screen.getByRole('textbox', { name: 'Coupon' }), KNOWN_COUPON);
    await user.click(screen.getByRole('button', { name: named('Apply') }));
    await user.click(await screen.findByRole('button', { name: named('Pay $27.00 from balance') }));
    await user.click(await screen.findByRole('button', { name: named('Top up $20.00') }));
    expect(first.location()).toBe(`${paths.recharge}?amount=20.00&for=order`);
    cleanup();

    // Later, after the top-up: the recharge page's "Back to my order".
    const back = await renderPage(NewOrderPage, { path: paths.newOrder, url: `${paths.newOrder}?resume=1` });
    await screen.findByTestId('order-resumed');
    expect(await screen.findByRole('button', { name: named('Pay $27.00 from balance') })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /^Balance/ }).checked).toBe(true);
    expect(screen.getByTestId('order-coupon-tag').textContent).toContain(KNOWN_COUPON);
    expect(check.inputs.at(-1)).toEqual({ package_id: 1, way: 'balance', coupon: KNOWN_COUPON });
    // Brought back once: the saved order is gone.
    expect(sessionStorage.length).toBe(0);
    expect(back.location()).toBe(`${paths.newOrder}?resume=1`);
  });

  it('without ?resume=1 a new order starts afresh', async () => {
    sessionStorage.setItem(
      'resiport.orderDraft',
      JSON.stringify({
        draft: { choice: { kind: 'package', packageId: 1 }, quantityGb: 10, way: 'balance' },
        savedAt: Date.now(),
      }),
    );
    signIn({ balance_cents: 1_000 });
    mockOrderCatalogue();
    await renderPage(NewOrderPage, { path: paths.newOrder });
    await screen.findByRole('button', { name: named('Pay $30.90 with crypto') });
    expect(screen.queryByTestId('order-resumed')).toBeNull();
  });
});
