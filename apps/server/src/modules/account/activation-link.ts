import type { ServerLang } from '@resiport/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import { AppError } from '../../errors';
import { addSeconds } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { activationMail, resetMail } from '../mail/templates';
import { insertLink } from './account-link.repository';
import { portalUrl } from '../../lib/portal-url';

interface Recipient {
  id: number;
  email: string;
  lang: ServerLang;
}

/**
 * Creates a single-use activation link and mails it. The link hits the API, which redirects to
 * sign-in. `db`: a caller's transaction (the console's resend, so its audit row commits with it).
 */
export async function sendActivationLink(
  ctx: AppContext,
  account: Recipient,
  db: Executor = ctx.db,
): Promise<void> {
  const ttl = ctx.config.links.activationTtl;
  const token = await createLink(ctx, db, account.id, 'activate', ttl);
  const link = `${ctx.config.publicUrl}/api/account/activate?token=${token}`;
  await deliver(ctx, activationMail(account.lang, account.email, ctx.config.appName, link, ttl));
}

/** Creates a single-use reset link to the web page where the new password is chosen. */
export async function sendResetLink(ctx: AppContext, account: Recipient): Promise<void> {
  const ttl = ctx.config.links.resetTtl;
  const token = await createLink(ctx, ctx.db, account.id, 'reset', ttl);
  const link = portalUrl(ctx.config.publicUrl, '/user/resetpassword', { token });
  await deliver(ctx, resetMail(account.lang, account.email, ctx.config.appName, link, ttl));
}

async function createLink(
  ctx: AppContext,
  db: Executor,
  accountId: number,
  purpose: 'activate' | 'reset',
  ttl: number,
) {
  const token = randomToken();
  const expiresAt = addSeconds(ctx.clock(), ttl);
  await insertLink(db, { accountId, purpose, tokenHash: sha256Hex(token), expiresAt });
  return token;
}

async function deliver(ctx: AppContext, message: Parameters<AppContext['mailer']['send']>[0]): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    ctx.log.error({ err: error, to: message.to }, 'mail delivery failed');
    throw new AppError('ServiceUnavailable');
  }
}
