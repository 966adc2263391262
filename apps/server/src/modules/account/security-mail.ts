import type { ServerLang } from '@resiport/contract';
import type { AppContext } from '../../context';
import { formatUtc } from '../../i18n/figures';
import { phrase } from '../../i18n/phrase';
import { escapeHtml } from '../../lib/html';
import { portalUrl } from '../../lib/portal-url';
import type { Executor } from '../../db/database';
import type { MailMessage } from '../mail/mailer';
import { queueMail, sendQueuedMail } from '../mail/mail-queue.service';

/** What happened to an account that its owner is told about by mail, in the account's language. */
export type SecurityEvent =
  | 'two_factor_on'
  | 'two_factor_off'
  | 'password_changed'
  | 'password_reset'
  | 'new_device'
  | 'recovery_code_used'
  | 'api_token_regenerated';

export interface SecurityFacts {
  at: Date;
  /** Where it came from, when a request did it. */
  client?: { ip: string; userAgent: string } | undefined;
  /** `recovery_code_used`: how many are left. */
  recoveryCodesLeft?: number;
}

interface Owner {
  email: string;
  lang: ServerLang;
}

/** The mail: what happened, when and from where, and the way to the account's security settings. */
export function securityMail(
  owner: Owner,
  event: SecurityEvent,
  facts: SecurityFacts,
  site: { app: string; publicUrl: string },
): MailMessage {
  const lang = owner.lang;
  const app = site.app;
  const subject = phrase(lang, 'security', `${event}.subject`, { app });
  const body =
    event === 'recovery_code_used'
      ? phrase(lang, 'security', 'recovery_code_used.body', { left: facts.recoveryCodesLeft ?? 0 })
      : phrase(lang, 'security', `${event}.body`);
  const lines = [body, phrase(lang, 'security', 'when', { when: formatUtc(facts.at.toISOString()) })];
  if (facts.client) {
    const device = facts.client.userAgent.slice(0, 120) || '?';
    lines.push(phrase(lang, 'security', 'from', { ip: facts.client.ip, device }));
  }
  lines.push(phrase(lang, 'security', 'notYou'));
  const link = portalUrl(site.publicUrl, '/account/setting', { tab: 'security' });
  const action = phrase(lang, 'security', 'action');
  return {
    to: owner.email,
    subject,
    text: `${lines.join('\n')}\n\n${action}: ${link}\n`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    link,
  };
}

/**
 * Writes the notice in the caller's transaction (decision 051), so it exists exactly when the change
 * does; `sendQueuedMail` after the commit sends it at once, the queue job again if that failed.
 */
export function queueSecurityMail(
  db: Executor,
  ctx: AppContext,
  owner: Owner & { id: number },
  event: SecurityEvent,
  facts: SecurityFacts,
): Promise<string> {
  const mail = securityMail(owner, event, facts, {
    app: ctx.config.appName,
    publicUrl: ctx.config.publicUrl,
  });
  return queueMail(db, { accountId: owner.id, kind: `security.${event}`, mail, at: facts.at });
}

/**
 * Tells the owner about a change that already committed (one with no transaction of its own to
 * write the notice in): queued, then sent at once. A notice that cannot even be queued does not undo
 * the change nor fail the request: it is logged, without the address.
 */
export async function tellOwner(
  ctx: AppContext,
  owner: Owner & { id: number },
  event: SecurityEvent,
  facts: SecurityFacts,
): Promise<void> {
  try {
    await sendQueuedMail(ctx, await queueSecurityMail(ctx.db, ctx, owner, event, facts));
  } catch (error) {
    ctx.log.error({ err: error, accountId: owner.id, event }, 'security mail not queued');
  }
}

/**
 * Too many wrong two-factor codes (decision 050): someone has the password. The mail says so, and
 * carries the link that lets the second step accept authenticator codes again.
 */
export function twoFactorLockedMail(
  owner: Owner,
  facts: { link: string; ttlSeconds: number; failures: number; at: Date },
  app: string,
): MailMessage {
  const lang = owner.lang;
  const hours = Math.round((facts.ttlSeconds / 3600) * 10) / 10;
  const body = phrase(lang, 'security', 'two_factor_locked.body', { failures: facts.failures, hours });
  const when = phrase(lang, 'security', 'when', { when: formatUtc(facts.at.toISOString()) });
  const action = phrase(lang, 'security', 'two_factor_locked.action');
  return {
    to: owner.email,
    subject: phrase(lang, 'security', 'two_factor_locked.subject', { app }),
    text: `${body}\n${when}\n\n${action}: ${facts.link}\n`,
    html: `<p>${escapeHtml(body)}</p><p>${escapeHtml(when)}</p><p><a href="${escapeHtml(facts.link)}">${escapeHtml(action)}</a></p>`,
    link: facts.link,
  };
}
