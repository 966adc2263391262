import { timingSafeEqual } from 'node:crypto';
import { INTERNAL_SECRET_HEADER } from '@resiport/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';

/**
 * Internal calls come from gateway processes only: they carry the shared internal secret. A wrong or
 * missing secret is answered like any unauthenticated call and logged (never the value).
 */
export function requireInternalSecret(ctx: AppContext): onRequestAsyncHookHandler {
  const expected = Buffer.from(ctx.internalSecret);
  return async (request: FastifyRequest) => {
    const presented = Buffer.from(String(request.headers[INTERNAL_SECRET_HEADER] ?? ''));
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      request.log.warn({ ip: request.ip }, 'internal call refused: wrong or missing secret');
      throw new AppError('Forbidden');
    }
    return Promise.resolve();
  };
}
