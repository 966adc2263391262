import { createLogger as createProcessLogger, type LogFormat } from '@resiport/logging';
import type { FastifyRequest } from 'fastify';
import type { DestinationStream, Logger } from 'pino';

/** Query parameters that carry secrets (link tokens, OAuth codes and state, proxy passwords): never logged. */
const SECRET_QUERY_KEYS = new Set(['token', 'code', 'state', 'oauth_code', 'password']);

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of params.keys()) if (SECRET_QUERY_KEYS.has(key)) params.set(key, '[redacted]');
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/**
 * The server's logger. Requests are logged as method + redacted URL + IP only (never headers, so
 * JWT-TOKEN, Authorization and cookies stay out); known secret fields are redacted wherever they appear.
 * A given destination (tests) always receives JSON.
 */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  format: LogFormat = 'json',
): Logger {
  return createProcessLogger({
    level: level as Parameters<typeof createProcessLogger>[0]['level'],
    format,
    destination,
    options: {
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          ip: request.ip,
        }),
      },
    },
  });
}
