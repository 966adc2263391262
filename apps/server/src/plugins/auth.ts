import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import type { AccountRow } from '../modules/account/account.repository';
import { authenticate, readCredential } from '../modules/account/session/authenticate';
import type { SessionClaims } from '../modules/account/session/session-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAccount` on protected routes; null elsewhere. */
    account: AccountRow | null;
    session: SessionClaims | null;
    /** The operator behind a read-only view of this customer's portal; null otherwise. */
    viewerId: number | null;
  }
}

export function decorateAuth(app: FastifyInstance): void {
  app.decorateRequest('account', null);
  app.decorateRequest('session', null);
  app.decorateRequest('viewerId', null);
}

/**
 * onRequest hook for protected routes. It runs before body validation, so an anonymous caller gets
 * 10013 rather than field errors, and validation messages use the account's language.
 * `sessionOnly` refuses the developer API token (password, token and session changes need a person).
 * An operator's read-only view of a customer gets 10090 unless the call only reads (`readOnly`).
 */
export function requireAccount(
  ctx: AppContext,
  options: { sessionOnly?: boolean; readOnly?: boolean } = {},
): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const { account, session, viewerId } = await authenticate(ctx, readCredential(request.headers));
    request.account = account;
    request.session = session;
    request.viewerId = viewerId ?? null;
    if (viewerId !== undefined && !(options.readOnly && !options.sessionOnly)) throw new AppError('ViewOnly');
    if (options.sessionOnly && !session) throw new AppError('SessionTokenRequired');
  };
}

/**
 * onRequest hook of the operator console (decision 029): a person's session (never the developer
 * token: a leaked token must not open the console) whose account is an operator. The role is read
 * with the session on every call, so unmaking an operator takes effect on their next click.
 * Anyone else signed in gets 10010 (403) and no data; a visitor without a session gets 10013.
 */
export function requireOperator(ctx: AppContext): onRequestAsyncHookHandler {
  const signedIn = requireAccount(ctx, { sessionOnly: true });
  return async function operatorOnly(this: FastifyInstance, request, reply) {
    await signedIn.call(this, request, reply);
    if (request.account?.role !== 'operator') throw new AppError('Forbidden');
  };
}

/** The session of a request guarded by `requireAccount({ sessionOnly: true })`. */
export function currentSession(request: FastifyRequest): SessionClaims {
  if (!request.session) throw new AppError('SessionTokenRequired');
  return request.session;
}

/** The signed-in account of a request guarded by `requireAccount`. */
export function currentAccount(request: FastifyRequest): AccountRow {
  if (!request.account) throw new AppError('SessionExpired');
  return request.account;
}
