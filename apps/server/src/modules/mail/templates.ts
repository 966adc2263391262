import type { ServerLang } from '@resiport/contract';
import { phrase } from '../../i18n/phrase';
import { escapeHtml } from '../../lib/html';
import type { MailMessage } from './mailer';

/** The account mails; their texts are the `mail` phrases `<kind>.subject`, `<kind>.intro`, … */
type MailKind = 'activation' | 'reset';

function render(
  kind: MailKind,
  lang: ServerLang,
  to: string,
  app: string,
  link: string,
  ttlSeconds: number,
): MailMessage {
  const hours = Math.round((ttlSeconds / 3600) * 10) / 10;
  const intro = phrase(lang, 'mail', `${kind}.intro`, { app });
  const action = phrase(lang, 'mail', `${kind}.action`);
  const expiry = phrase(lang, 'mail', 'linkExpiry', { hours });
  const ignore = phrase(lang, 'mail', `${kind}.ignore`);
  const text = `${intro}\n\n${action}: ${link}\n\n${expiry}\n${ignore}\n`;
  const html =
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
    `<p>${escapeHtml(expiry)}<br>${escapeHtml(ignore)}</p>`;
  return { to, subject: phrase(lang, 'mail', `${kind}.subject`, { app }), text, html, link };
}

export const activationMail = (lang: ServerLang, to: string, app: string, link: string, ttl: number) =>
  render('activation', lang, to, app, link, ttl);

export const resetMail = (lang: ServerLang, to: string, app: string, link: string, ttl: number) =>
  render('reset', lang, to, app, link, ttl);
