import { orderEndpoints } from '@resiport/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint, passThrough, refuse } from '../../test/api-mock';
import { checkoutUrl, visitedCheckout } from '../../test/checkout';
import { aPaidOrder, mockOrderCatalogue, quoteFor, starter } from '../../test/orders-api';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { named } from '../../test/queries';
import NewOrderPage from '.';

async function openNewOrder(way: 'cryptomus' | 'balance') {
  signIn({ balance_cents: 1_000 });
  mockOrderCatalogue();
  const view = await renderPage(NewOrderPage, { path: paths.newOrder });
  await screen.findByRole('button', { name: named('Pay $30.90 with crypto') });
  if (way === 'balance') {
    await view.user.click(screen.getByRole('radio', { name: /^Balance/ }));
    await screen.findByRole('button', { name: named('Pay $30.00 from balance') });
  }
  return view;
}

describe('new order: paying', () => {
  it('pays from the balance, says so and goes to the residential proxies', async () => {
    const pay = mockEndpoint(orderEndpoints.pay, {
      order: aPaidOrder(41),
      balance_cents: 2_000,
      traffic_left_bytes: starter.traffic_bytes,
    });
    const { user, location } = await openNewOrder('balance');
    await user.click(screen.getByRole('button', { name: named('Pay $30.00 from balance') }));

    await screen.findByText('Order #41 is paid: 10.00 GB added to your traffic');
    expect(location()).toBe(paths.residential);
    expect(pay.inputs).toEqual([
      {
        package_id: starter.id,
        way: 'balance',
        idempotency_key: expect.any(String) as string,
        expected_total_cents: 3_000,
      },
    ]);
  });

  it('20402: says how much the balance lacks and tops up exactly that', async () => {
    mockEndpoint(
      orderEndpoints.pay,
      passThrough(orderEndpoints.pay, 'PaymentRequired', {
        amount_cents: 3_000,
        balance_cents: 1_000,
        missing_cents: 2_000,
      }),
    );
    const { user, location } = await openNewOrder('balance');
    await user.click(screen.getByRole('button', { name: named('Pay $30.00 from balance') }));

    await screen.findByText('Not enough balance');
    await user.click(screen.getByRole('button', { name: named('Top up $20.00') }));
    expect(location()).toBe(`${paths.recharge}?amount=20.00&for=order`);
  });

  it('20402: can switch the same order to crypto instead', async () => {
    mockEndpoint(
      orderEndpoints.pay,
      passThrough(orderEndpoints.pay, 'PaymentRequired', {
        amount_cents: 3_000,
        balance_cents: 1_000,
        missing_cents: 2_000,
      }),
    );
    const { user } = await openNewOrder('balance');
    await user.click(screen.getByRole('button', { name: named('Pay $30.00 from balance') }));
    await user.click(await screen.findByRole('button', { name: named('Pay with crypto instead') }));

    await screen.findByRole('button', { name: named('Pay $30.90 with crypto') });
    expect(screen.queryByText('Not enough balance')).toBeNull();
  });

  it('20302: sends the browser to the crypto checkout', async () => {
    const pay = mockEndpoint(
      orderEndpoints.pay,
      passThrough(orderEndpoints.pay, 'GoToPayment', {
        url: checkoutUrl('order-41'),
        order_id: 41,
        total_cents: 3_090,
      }),
    );
    const { user } = await openNewOrder('cryptomus');
    await user.click(screen.getByRole('button', { name: named('Pay $30.90 with crypto') }));

    await expect.poll(visitedCheckout).toBe('order-41');
    expect(pay.inputs).toEqual([
      {
        package_id: starter.id,
        way: 'cryptomus',
        idempotency_key: expect.any(String) as string,
        expected_total_cents: 3_090,
      },
    ]);
  });

  it('10029: the price changed — nothing is paid, the new total is shown, and the next click pays exactly it', async () => {
    const raised = {
      ...quoteFor({ package_id: starter.id, way: 'balance' }),
      total_cents: 3_500,
      amount_cents: 3_500,
    };
    const pay = mockEndpoint(orderEndpoints.pay, (input) =>
      input.expected_total_cents === 3_500
        ? { order: aPaidOrder(42), balance_cents: 500, traffic_left_bytes: starter.traffic_bytes }
        : refuse('PriceChanged', 'The price changed since you opened this page', raised),
    );
    const { user, location } = await openNewOrder('balance');
    await user.click(screen.getByRole('button', { name: named('Pay $30.00 from balance') }));

    const notice = await screen.findByTestId('order-price-changed');
    expect(notice.textContent).toContain(
      'Nothing was charged. This order was $30.00 when you opened the page and is $35.00 now.',
    );
    expect(location()).toBe(paths.newOrder);
    await user.click(await screen.findByRole('button', { name: named('Pay $35.00 from balance') }));

    await screen.findByText('Order #42 is paid: 10.00 GB added to your traffic');
    expect(pay.inputs.map((input) => input.expected_total_cents)).toEqual([3_000, 3_500]);
    // The refused attempt placed nothing: the next one is a new attempt with its own key.
    expect(pay.inputs[0]?.idempotency_key).not.toBe(pay.inputs[1]?.idempotency_key);
  });
});
