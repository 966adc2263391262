import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { levels } from 'pino';
import { redactUrl } from '../lib/logger';

/**
 * One line per request once it is answered — `GET /api/user/info 200 3.1 ms` — instead of Fastify's
 * two (received + completed). Server errors at error level; machine polling (health checks, gateways)
 * at debug, so an operator's info log holds what people did.
 */
export class OneLinePerRequest extends LogController {
  constructor(private readonly quietPrefixes: readonly string[]) {
    super();
  }

  override incomingRequest(): void {
    // Nothing: the answered line says it all.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    // The raw URL, not request.routeOptions (Fastify builds that object on every read).
    const quiet = this.quietPrefixes.some((prefix) => request.url.startsWith(prefix));
    const level = error || status >= 500 ? 'error' : quiet ? 'debug' : 'info';
    // Building the line costs more than the check; benches and quiet routes skip it.
    const threshold = levels.values[request.log.level] ?? Infinity; // 'silent' has no value
    if ((levels.values[level] ?? 0) < threshold) return;
    const elapsed = reply.elapsedTime;
    request.log[level](
      { req: request, res: { statusCode: status }, responseTime: elapsed, err: error ?? undefined },
      `${request.method} ${redactUrl(request.url)} ${status} ${elapsed.toFixed(1)} ms`,
    );
  }
}
