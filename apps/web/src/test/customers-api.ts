import { adminCustomersEndpoints, type CustomerDetail } from '@resiport/contract';
import type { ComponentType } from 'react';
import { paths } from '../config/paths';
import { mockEndpoint } from './api-mock';
import { renderPage } from './render';
import { signIn } from './session';

/** A customer as GET /admin/customers/detail gives it; tests change what they look at. */
export function aCustomer(fields: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    account: {
      id: 42,
      email: 'buyer@example.com',
      status: 'active',
      role: 'customer',
      lang: 'en-us',
      created_at: '2026-11-01T10:00:00.000Z',
      activated_at: '2026-11-01T10:05:00.000Z',
      two_factor_enabled: false,
      has_api_token: true,
      has_password: true,
      oauth: [],
    },
    balance_cents: 1000,
    traffic: {
      main_left_bytes: 2_000_000_000,
      main_used_bytes: 0,
      subaccounts_left_bytes: 500_000_000,
      subaccounts_used_bytes: 0,
      total_left_bytes: 2_500_000_000,
      total_used_bytes: 0,
    },
    subaccounts: [],
    whitelist: [],
    counts: { subaccounts: 0, whitelist: 0, orders: 0, topups: 0, live_sessions: 1 },
    ...fields,
  };
}

/** The console's customer page (`Page`) of `customer`, opened by a signed-in operator (id 7). */
export async function openCustomerPage(Page: ComponentType, customer = aCustomer()) {
  signIn({ id: 7, access: { name: 'operator' } });
  const detail = mockEndpoint(adminCustomersEndpoints.detail, customer);
  const view = await renderPage(Page, {
    path: paths.adminCustomer,
    url: `${paths.adminCustomer}?id=${customer.account.id}`,
  });
  return { ...view, detail };
}
