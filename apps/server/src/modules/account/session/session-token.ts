import type { Session } from '@resiport/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { addSeconds, unixSeconds } from '../../../lib/clock';

const ALGORITHM = 'HS256';
const AUDIENCE = 'resiport-api';
const TOKEN_TYPE = 'session';

export interface SessionClaims {
  accountId: number;
  tokenVersion: number;
  /** When the user last proved who they are; refresh chains end SESSION_MAX_AGE after it. */
  authTime: number;
}

/**
 * A session JWT (design §5). `expire_at` is the soft expiry the client refreshes after; the JWT's
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
  const jwt = await new SignJWT({ ver: claims.tokenVersion, auth_time: claims.authTime, typ: TOKEN_TYPE })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.accountId))
    .setIssuer(ctx.config.appName)
    .setAudience(AUDIENCE)
    .setIssuedAt(unixSeconds(now))
    .setExpirationTime(hardExpiry)
    .sign(ctx.jwtKey);
  return { jwt_token: jwt, expire_at: softExpiry };
}

/** Verifies signature (HS256 only), issuer, audience, type and expiry; any failure is code 10013. */
export async function verifySession(
  ctx: Pick<AppContext, 'config' | 'clock' | 'jwtKey'>,
  token: string,
): Promise<SessionClaims> {
  try {
    const { payload } = await jwtVerify(token, ctx.jwtKey, {
      algorithms: [ALGORITHM],
      issuer: ctx.config.appName,
      audience: AUDIENCE,
      currentDate: ctx.clock(),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const accountId = Number(payload.sub);
    const { ver, auth_time: authTime, typ } = payload;
    if (
      typ !== TOKEN_TYPE ||
      !Number.isSafeInteger(accountId) ||
      typeof ver !== 'number' ||
      typeof authTime !== 'number'
    ) {
      throw new AppError('SessionExpired');
    }
    return { accountId, tokenVersion: ver, authTime };
  } catch (error) {
    if (error instanceof AppError || error instanceof errors.JOSEError) throw new AppError('SessionExpired');
    throw error;
  }
}
