import { alertEndpoints, type AlertDelivery, type AlertSettings } from '@resiport/contract';
import { mockEndpoint } from './api-mock';

export const ALERTS_OFF: AlertSettings = {
  email_enabled: false,
  webhook_url: null,
  webhook_secret: null,
  sub_percents: [],
  main_left_below_bytes: null,
  main_empty: false,
  low_balance_below_cents: null,
  on_payment: false,
  on_order: false,
  on_refill: false,
};

/** GET /user/alerts (account settings and the sub-account's page read it). */
export function mockAlerts(settings: Partial<AlertSettings> = {}, deliveries: AlertDelivery[] = []) {
  return mockEndpoint(alertEndpoints.get, { settings: { ...ALERTS_OFF, ...settings }, deliveries });
}
