import type { SignInMethod, TwoFactorChallenge } from '@resiport/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { addSeconds, unixSeconds } from '../../../lib/clock';
import { randomToken } from '../../../lib/crypto';

/**
 * The ticket between sign-in's two steps: proof that the password (or the provider) was right, good
 * for a few minutes and for this account's current token version only. It is not a session: no API
 * call accepts it but the second step. Its `jti` keys the per-ticket attempt limit.
 */
const AUDIENCE = 'resiport-2fa';
const TOKEN_TYPE = '2fa';
export const CHALLENGE_TTL_SECONDS = 300;

export interface ChallengeClaims {
  accountId: number;
  tokenVersion: number;
  method: SignInMethod;
  id: string;
}

export async function issueChallenge(
  ctx: Pick<AppContext, 'config' | 'clock' | 'jwtKey'>,
  claims: Omit<ChallengeClaims, 'id'>,
): Promise<TwoFactorChallenge> {
  const now = ctx.clock();
  const expiresAt = unixSeconds(addSeconds(now, CHALLENGE_TTL_SECONDS));
  const challenge = await new SignJWT({ ver: claims.tokenVersion, method: claims.method, typ: TOKEN_TYPE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.accountId))
    .setIssuer(ctx.config.appName)
    .setAudience(AUDIENCE)
    .setJti(randomToken(16))
    .setIssuedAt(unixSeconds(now))
    .setExpirationTime(expiresAt)
    .sign(ctx.jwtKey);
  return { challenge, expires_at: expiresAt };
}

/** Any failure — expired, tampered, another kind of token — asks the user to sign in again. */
export async function verifyChallenge(
  ctx: Pick<AppContext, 'config' | 'clock' | 'jwtKey'>,
  challenge: string,
): Promise<ChallengeClaims> {
  try {
    const { payload } = await jwtVerify(challenge, ctx.jwtKey, {
      algorithms: ['HS256'],
      issuer: ctx.config.appName,
      audience: AUDIENCE,
      currentDate: ctx.clock(),
      requiredClaims: ['sub', 'exp', 'jti'],
    });
    const accountId = Number(payload.sub);
    const { ver, method, typ, jti } = payload;
    if (
      typ !== TOKEN_TYPE ||
      !Number.isSafeInteger(accountId) ||
      typeof ver !== 'number' ||
      !isSignInMethod(method) ||
      typeof jti !== 'string'
    ) {
      throw new AppError('SignInCodeInvalid');
    }
    return { accountId, tokenVersion: ver, method, id: jti };
  } catch (error) {
    if (error instanceof AppError || error instanceof errors.JOSEError) {
      throw new AppError('SignInCodeInvalid');
    }
    throw error;
  }
}

function isSignInMethod(value: unknown): value is SignInMethod {
  return value === 'password' || value === 'google' || value === 'yandex';
}
