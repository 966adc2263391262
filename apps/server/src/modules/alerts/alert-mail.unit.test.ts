import { describe, expect, it } from 'vitest';
import { alertKinds } from '@resiport/contract';
import { alertMail } from './alert-mail';

const site = { app: 'Proxy & Co', publicUrl: 'https://portal.example' };
const lowBalance = {
  kind: 'low_balance' as const,
  data: { balance_cents: 950, threshold_cents: 1000 },
  subaccountId: null,
};
const subUsed = {
  kind: 'sub_used' as const,
  data: {
    username: 'scraper<1>',
    percent: 80,
    used_bytes: 800_000_000,
    allocated_bytes: 1e9,
    left_bytes: 2e8,
  },
  subaccountId: 42,
};

describe('alert mails', () => {
  it('word figures the way the portal and the receipts do, in the account’s language', () => {
    expect(alertMail('en-us', 'a@example.com', lowBalance, site).text).toContain('$9.50');
    const ru = alertMail('ru', 'a@example.com', subUsed, site);
    expect(ru.text).toContain('800,00 МБ из 1,00 ГБ');
    // Not the raw decimal of the bytes ("0.170000874 GB of 0.2 GB").
    const odd = { ...subUsed, data: { ...subUsed.data, used_bytes: 170_000_874, allocated_bytes: 2e8 } };
    expect(alertMail('en-us', 'a@example.com', odd, site).text).toContain('170.00 MB of 200.00 MB');
    expect(ru.text).not.toMatch(/\bGB\b|USD/);
    expect(alertMail('ru', 'a@example.com', lowBalance, site).text.replace(/\s/g, ' ')).toContain('9,50 $');
  });

  it('an order’s mail gives what the customer paid, fee included, as the receipt does', () => {
    const data = { order_id: 5, traffic_bytes: 1e9, amount_cents: 300, fee_cents: 9, total_cents: 309 };
    const mail = alertMail('en-us', 'a@example.com', { kind: 'order_paid', data, subaccountId: null }, site);
    expect(mail.text).toContain('$3.09');
    expect(mail.text).not.toContain('$3.00');
  });

  it('links an account-wide alert to the portal’s dashboard, under /client', () => {
    const data = { order_id: 5, traffic_bytes: 1e9, amount_cents: 300, fee_cents: 9, total_cents: 309 };
    const mail = alertMail('en-us', 'a@example.com', { kind: 'order_paid', data, subaccountId: null }, site);
    expect(mail.link).toBe('https://portal.example/client/dashboard');
    expect(mail.text).toContain('https://portal.example/client/dashboard');
  });

  it('gives every kind one of the two links the e2e journeys open (dashboard, sub-account page), in text and HTML', () => {
    for (const kind of alertKinds) {
      for (const subaccountId of [null, 42]) {
        const mail = alertMail('ru', 'a@example.com', { kind, data: subUsed.data, subaccountId }, site);
        const expected =
          subaccountId === null
            ? 'https://portal.example/client/dashboard'
            : 'https://portal.example/client/proxysetting/editsub?id=42';
        expect(mail.link, kind).toBe(expected);
        expect(mail.text).toContain(expected);
        expect(mail.html).toContain(`href="${expected}"`);
      }
    }
  });

  it('links to the sub-account’s page and escapes what the customer named in the HTML', () => {
    const mail = alertMail('en-us', 'a@example.com', subUsed, site);
    expect(mail.link).toBe('https://portal.example/client/proxysetting/editsub?id=42');
    expect(mail.html).toContain('scraper&lt;1&gt;');
    expect(mail.html).not.toContain('scraper<1>');
  });
});
