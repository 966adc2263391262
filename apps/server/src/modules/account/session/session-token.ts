import type { Session } from '@resiport/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { addSeconds, unixSeconds } from '../../../lib/clock';
import { VerifiedTokenCache } from './verified-token-cache';

const ALGORITHM = 'HS256';
const AUDIENCE = 'resiport-api';
const TOKEN_TYPE = 'session';

export interface SessionClaims {
  accountId: number;
  tokenVersion: number;
  /** When the user last proved who they are; refresh chains end SESSION_MAX_AGE after it. */
  authTime: number;
  /** The `account_sessions` row this token belongs to; revoking it ends the token (decision 021). */
  sessionId: string;
}

/**
 * A session JWT (docs/architecture.md#sessions). `expire_at` is the soft expiry the client refreshes after; the JWT's
 * `exp` comes later (TTL), and never after `authTime + maxAge`, so a refresh chain cannot live forever.
 */
export async function issueSession(
  ctx: Pick<AppContext, 'config' | 'clock' | 'jwtKey'>,
  claims: SessionClaims,
): Promise<Session> {
  const now = ctx.clock();
  const { refreshAfter, ttl, maxAge } = ctx.config.session;
  const hardExpiry = Math.min(unixSeconds(addSeconds(now, ttl)), claims.authTime + maxAge);
  const softExpiry = Math.min(unixSeconds(addSeconds(now, refreshAfter)), hardExpiry);
  const jwt = await new SignJWT({
    ver: claims.tokenVersion,
    auth_time: claims.authTime,
    sid: claims.sessionId,
    typ: TOKEN_TYPE,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.accountId))
    .setIssuer(ctx.config.appName)
    .setAudience(AUDIENCE)
    .setIssuedAt(unixSeconds(now))
    .setExpirationTime(hardExpiry)
    .sign(ctx.jwtKey);
  return { jwt_token: jwt, expire_at: softExpiry };
}

const verified = new WeakMap<object, VerifiedTokenCache<SessionClaims>>();

/** Verifies signature (HS256 only), issuer, audience, type and expiry; any failure is code 10013. */
export async function verifySession(
  ctx: Pick<AppContext, 'config' | 'clock' | 'jwtKey'>,
  token: string,
): Promise<SessionClaims> {
  // One cache per signing key, so tests (or a rotated key) never see another key's results.
  let cache = verified.get(ctx.jwtKey);
  if (!cache) verified.set(ctx.jwtKey, (cache = new VerifiedTokenCache()));
  const nowMs = ctx.clock().getTime();
  const hit = cache.get(token, nowMs);
  if (hit) return hit;
  const { claims, expiresAtMs } = await verifySignedSession(ctx, token);
  cache.set(token, claims, expiresAtMs);
  return claims;
}

async function verifySignedSession(
  ctx: Pick<AppContext, 'config' | 'clock' | 'jwtKey'>,
  token: string,
): Promise<{ claims: SessionClaims; expiresAtMs: number }> {
  try {
    const { payload } = await jwtVerify(token, ctx.jwtKey, {
      algorithms: [ALGORITHM],
      issuer: ctx.config.appName,
      audience: AUDIENCE,
      currentDate: ctx.clock(),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const accountId = Number(payload.sub);
    const { ver, auth_time: authTime, sid: sessionId, typ, exp } = payload;
    if (
      typ !== TOKEN_TYPE ||
      typeof sessionId !== 'string' ||
      !Number.isSafeInteger(accountId) ||
      typeof ver !== 'number' ||
      typeof authTime !== 'number' ||
      exp === undefined
    ) {
      throw new AppError('SessionExpired');
    }
    return { claims: { accountId, tokenVersion: ver, authTime, sessionId }, expiresAtMs: exp * 1000 };
  } catch (error) {
    if (error instanceof AppError || error instanceof errors.JOSEError) throw new AppError('SessionExpired');
    throw error;
  }
}
