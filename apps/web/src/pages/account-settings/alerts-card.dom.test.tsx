import { alertEndpoints, validationMessages, type AlertDelivery } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { mockEndpoint } from '../../test/api-mock';
import { ALERTS_OFF, mockAlerts } from '../../test/alerts-api';
import { gb } from '../../test/fixtures';
import { named } from '../../test/queries';
import { renderPage } from '../../test/render';
import { mockSecurity } from '../../test/security-api';
import { signIn } from '../../test/session';
import AccountSettingsPage from '.';

const SECRET = 'whsec_0123456789abcdefghijklmnop';

async function openAlerts(settings: Parameters<typeof mockAlerts>[0] = {}, deliveries: AlertDelivery[] = []) {
  signIn({ email: 'alerts@example.com' });
  mockSecurity();
  mockAlerts(settings, deliveries);
  const view = await renderPage(AccountSettingsPage, {
    path: paths.accountSettings,
    url: `${paths.accountSettings}?tab=alerts`,
  });
  const card = within(await screen.findByTestId('alerts-card'));
  await card.findByTestId('alerts-save');
  return { ...view, card };
}

const delivered = (fields: Partial<AlertDelivery>): AlertDelivery => ({
  id: 1,
  event_id: 1,
  kind: 'test',
  channel: 'webhook',
  target: 'https://hooks.example.com/resiport',
  status: 'sent',
  attempts: 1,
  last_status: 200,
  last_error: null,
  last_response: 'ok',
  last_attempt_at: '2026-11-27T10:00:01.000Z',
  next_at: null,
  created_at: '2026-11-27T10:00:00.000Z',
  ...fields,
});

describe('alerts in account settings', () => {
  it('saves exactly what was typed: channels, thresholds and events', async () => {
    const saved = {
      ...ALERTS_OFF,
      email_enabled: true,
      webhook_url: 'https://hooks.example.com/a',
      webhook_secret: SECRET,
    };
    const update = mockEndpoint(alertEndpoints.update, { settings: saved, deliveries: [] });
    const { user, card } = await openAlerts();
    expect(card.getByTestId('alerts-off')).toBeTruthy();
    await user.click(card.getByTestId('alerts-email'));
    await user.type(card.getByTestId('alerts-webhook'), 'https://hooks.example.com/a');
    await user.type(card.getByTestId('alerts-sub-percents'), '100, 80');
    await user.type(card.getByTestId('alerts-main-low'), '0,5');
    await user.type(card.getByTestId('alerts-low-balance'), '20');
    await user.click(card.getByTestId('alerts-main-empty'));
    await user.click(card.getByTestId('alerts-on_order'));
    await user.click(card.getByTestId('alerts-save'));

    await screen.findByText('Alerts saved');
    expect(update.sent).toEqual([
      {
        email_enabled: 'true',
        webhook_url: 'https://hooks.example.com/a',
        sub_percents: '100, 80',
        main_left_below: '0.5',
        main_empty: 'true',
        low_balance_below: '20',
        on_payment: 'false',
        on_order: 'true',
        on_refill: 'false',
      },
    ]);
    expect(update.inputs[0]).toMatchObject({
      sub_percents: [80, 100],
      main_left_below: gb(0.5),
      low_balance_below: 2000,
    });
    // The secret came with the saved webhook.
    expect((await card.findByTestId<HTMLInputElement>('alerts-secret')).value).toBe(SECRET);
  });

  it('refuses percents over 100 and a non-https address on their fields, sending nothing', async () => {
    const update = mockEndpoint(alertEndpoints.update, { settings: ALERTS_OFF, deliveries: [] });
    const { user, card } = await openAlerts();
    await user.type(card.getByTestId('alerts-sub-percents'), '80, 120');
    await user.type(card.getByTestId('alerts-webhook'), 'ftp://hooks.example.com');
    await user.click(card.getByTestId('alerts-save'));
    expect(await card.findByText(validationMessages['en-us']['validation.percents'])).toBeTruthy();
    // Each field is checked on its own: the second message may come a moment later.
    expect(await card.findByText(validationMessages['en-us']['validation.webhookUrl'])).toBeTruthy();
    expect(update.inputs).toEqual([]);
  });

  it('shows the saved settings, sends a test, and lists deliveries with what the receiver answered', async () => {
    const failed = delivered({
      id: 2,
      kind: 'sub_used',
      status: 'pending',
      attempts: 2,
      last_status: 500,
      last_response: 'nope',
      next_at: '2026-11-27T10:05:00.000Z',
    });
    const unreachable = delivered({
      id: 1,
      channel: 'webhook',
      status: 'failed',
      attempts: 6,
      last_status: null,
      last_error: 'network',
      last_response: 'ECONNREFUSED',
    });
    const test = mockEndpoint(alertEndpoints.test, {
      settings: { ...ALERTS_OFF, webhook_url: 'https://hooks.example.com/a', webhook_secret: SECRET },
      deliveries: [delivered({ id: 3 }), failed],
    });
    const { user, card } = await openAlerts(
      { webhook_url: 'https://hooks.example.com/a', webhook_secret: SECRET, sub_percents: [80, 90] },
      [failed, unreachable],
    );
    expect(card.getByTestId<HTMLInputElement>('alerts-sub-percents').value).toBe('80, 90');
    expect(card.queryByTestId('alerts-off')).toBeNull();
    const log = within(card.getByTestId('alerts-log'));
    expect(log.getByText('Sub-account usage')).toBeTruthy();
    const [statusCell] = log
      .getAllByTestId('alert-delivery-status')
      .map((tag) => tag.closest('td')?.textContent);
    expect(statusCell).toBe('Sending2 attempts · next try 2026-11-27 10:05 UTC');
    expect(log.getByText('500 — nope')).toBeTruthy();
    // A failure without an HTTP status is worded from its code, with the network's own code after it.
    expect(log.getByText('Could not connect — ECONNREFUSED')).toBeTruthy();

    await user.click(card.getByRole('button', { name: named('Send a test alert') }));
    expect(await screen.findByText('A test alert is on its way; see the log below')).toBeTruthy();
    expect(test.inputs).toHaveLength(1);
    expect(await log.findByText('Test')).toBeTruthy();
    expect(log.getAllByTestId('alert-delivery-status').map((tag) => tag.textContent)).toEqual([
      'Delivered',
      'Sending',
    ]);
  });

  it('cannot send a test with no channel on', async () => {
    const { card } = await openAlerts();
    expect(card.getByTestId('alerts-test').hasAttribute('disabled')).toBe(true);
    expect(card.getByTestId('alerts-log-empty')).toBeTruthy();
  });
});
