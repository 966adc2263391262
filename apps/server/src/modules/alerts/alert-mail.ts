import type { AlertKind, ServerLang } from '@resiport/contract';
import { formatTraffic, formatUsd } from '../../i18n/figures';
import { phrase, type PhraseKey } from '../../i18n/phrase';
import { escapeHtml } from '../../lib/html';
import type { MailMessage } from '../mail/mailer';
import { portalUrl } from '../../lib/portal-url';

type Data = Record<string, unknown>;

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** The subject and body of one alert in the account's language (the `alerts` phrases). */
function wordsOf(
  lang: ServerLang,
  kind: AlertKind,
  data: Data,
  app: string,
): { subject: string; body: string } {
  // Figures as the receipts and the portal write them in this language.
  const gb = (bytes: unknown) => formatTraffic(Number(bytes ?? 0), lang);
  const usd = (cents: unknown) => formatUsd(Number(cents ?? 0), lang);
  // Each text has its own placeholders; every one of them gets the app's name and what `params` has.
  const say = (key: PhraseKey<'alerts'>, params: Record<string, string>) =>
    (phrase as (...args: [ServerLang, 'alerts', PhraseKey<'alerts'>, Record<string, string>]) => string)(
      lang,
      'alerts',
      key,
      { app, ...params },
    );
  switch (kind) {
    case 'sub_used': {
      const params = {
        username: text(data.username),
        percent: text(data.percent),
        used: gb(data.used_bytes),
        allocated: gb(data.allocated_bytes),
        left: gb(data.left_bytes),
      };
      const empty = data.percent === 100;
      return {
        subject: say(empty ? 'sub_used_empty.subject' : 'sub_used.subject', params),
        body: say(empty ? 'sub_used_empty.body' : 'sub_used.body', params),
      };
    }
    case 'main_low': {
      const params = { left: gb(data.left_bytes), threshold: gb(data.threshold_bytes) };
      return { subject: say('main_low.subject', params), body: say('main_low.body', params) };
    }
    case 'low_balance': {
      const params = { balance: usd(data.balance_cents), threshold: usd(data.threshold_cents) };
      return { subject: say('low_balance.subject', params), body: say('low_balance.body', params) };
    }
    case 'payment_received': {
      const params = {
        amount: usd(data.amount_cents),
        paid: usd(data.paid_cents),
        balance: usd(data.balance_cents),
      };
      return { subject: say('payment_received.subject', params), body: say('payment_received.body', params) };
    }
    case 'order_paid': {
      const params = {
        order: `#${text(data.order_id)}`,
        traffic: gb(data.traffic_bytes),
        price: usd(data.total_cents),
      };
      return { subject: say('order_paid.subject', params), body: say('order_paid.body', params) };
    }
    case 'refill_done': {
      const params = { username: text(data.username), amount: gb(data.amount_bytes) };
      return { subject: say('refill_done.subject', params), body: say('refill_done.body', params) };
    }
    case 'refill_failed': {
      const params = { username: text(data.username) };
      return { subject: say('refill_failed.subject', params), body: say('refill_failed.body', params) };
    }
    case 'main_empty':
    case 'test':
      return { subject: say(`${kind}.subject`, {}), body: say(`${kind}.body`, {}) };
  }
}

/** One alert as a mail to `to`, with a link to the page it is about. */
export function alertMail(
  lang: ServerLang,
  to: string,
  alert: { kind: AlertKind; data: Data; subaccountId: number | null },
  site: { app: string; publicUrl: string },
): MailMessage {
  const { subject, body } = wordsOf(lang, alert.kind, alert.data, site.app);
  // The sub-account's edit page, else the dashboard.
  const link =
    alert.subaccountId === null
      ? portalUrl(site.publicUrl, '/dashboard')
      : portalUrl(site.publicUrl, '/proxysetting/editsub', { id: String(alert.subaccountId) });
  const action = phrase(lang, 'alerts', 'action', { app: site.app });
  const footer = phrase(lang, 'alerts', 'footer');
  return {
    to,
    subject,
    text: `${body}\n\n${action}: ${link}\n\n${footer}\n`,
    html:
      `<p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
      `<p style="color:#666">${escapeHtml(footer)}</p>`,
    link,
  };
}
