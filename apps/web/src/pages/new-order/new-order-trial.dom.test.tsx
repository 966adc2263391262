import { orderEndpoints, type TrafficPackage } from '@resiport/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { gb } from '../../test/fixtures';
import { mockOrderCatalogue, starter } from '../../test/orders-api';
import { renderPage } from '../../test/render';
import { signIn } from '../../test/session';
import { named } from '../../test/queries';
import NewOrderPage from '.';

const trial: TrafficPackage = {
  id: 9,
  code: 'trial',
  traffic_bytes: gb(0.1),
  price_cents: 0,
  is_trial: true,
};

async function openWith(trialAvailable: boolean) {
  signIn({ balance_cents: 5_000 });
  mockOrderCatalogue();
  mockEndpoint(orderEndpoints.packages, { list: [trial, starter], trial_available: trialAvailable });
  await renderPage(NewOrderPage, { path: paths.newOrder });
  await screen.findByRole('button', { name: named('Pay $30.90 with crypto') });
}

/** The free trial is offered while the server says this account and network have not taken it. */
describe('new order: the free trial', () => {
  it('is offered to an account that has not used it', async () => {
    await openWith(true);
    expect(screen.getByTestId('order-package-trial')).toBeTruthy();
  });

  it('is not offered again once used', async () => {
    await openWith(false);
    expect(screen.queryByTestId('order-package-trial')).toBeNull();
    expect(screen.getByTestId('order-package-starter')).toBeTruthy();
  });
});
