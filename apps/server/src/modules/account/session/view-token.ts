import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { addSeconds, unixSeconds } from '../../../lib/clock';

/**
 * An operator's read-only view of a customer's portal (decision 029): a short JWT naming
 * the customer and the operator (with the operator's token version, so signing the operator out or
 * unmaking them ends every view they opened). It is prefixed, so it is never mistaken for a session.
 * No session row: the customer's list of sign-ins does not change, the audit log records the view.
 */
export const VIEW_TOKEN_PREFIX = 'view.';
export const VIEW_TOKEN_SECONDS = 30 * 60;

const ALGORITHM = 'HS256';
const AUDIENCE = 'resiport-view';
const TOKEN_TYPE = 'view';

export interface ViewClaims {
  customerId: number;
  operatorId: number;
  operatorTokenVersion: number;
  /** When it was issued (seconds since the epoch; set by `issueViewToken`). */
  issuedAt?: number;
}

export async function issueViewToken(
  ctx: Pick<AppContext, 'config' | 'clock' | 'jwtKey'>,
  claims: ViewClaims,
): Promise<{ token: string; expiresAt: Date }> {
  const now = ctx.clock();
  const expiresAt = addSeconds(now, VIEW_TOKEN_SECONDS);
  const jwt = await new SignJWT({
    typ: TOKEN_TYPE,
    vby: claims.operatorId,
    over: claims.operatorTokenVersion,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.customerId))
    .setIssuer(ctx.config.appName)
    .setAudience(AUDIENCE)
    .setIssuedAt(unixSeconds(now))
    .setExpirationTime(unixSeconds(expiresAt))
    .sign(ctx.jwtKey);
  return { token: `${VIEW_TOKEN_PREFIX}${jwt}`, expiresAt };
}

/** Any failure (tampered, expired, not a view token) is 10013: the view tab asks to sign in. */
export async function verifyViewToken(
  ctx: Pick<AppContext, 'config' | 'clock' | 'jwtKey'>,
  token: string,
): Promise<ViewClaims> {
  try {
    const { payload } = await jwtVerify(token.slice(VIEW_TOKEN_PREFIX.length), ctx.jwtKey, {
      algorithms: [ALGORITHM],
      issuer: ctx.config.appName,
      audience: AUDIENCE,
      currentDate: ctx.clock(),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const customerId = Number(payload.sub);
    const { typ, vby, over } = payload;
    if (
      typ !== TOKEN_TYPE ||
      !Number.isSafeInteger(customerId) ||
      typeof vby !== 'number' ||
      typeof over !== 'number'
    ) {
      throw new AppError('SessionExpired');
    }
    return { customerId, operatorId: vby, operatorTokenVersion: over, issuedAt: payload.iat ?? 0 };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('SessionExpired');
  }
}
