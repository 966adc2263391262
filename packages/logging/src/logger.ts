import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { PinoPretty } from 'pino-pretty';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** `pretty`: one readable line per entry for a developer; `json`: one JSON object per line for log shipping. */
export const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Field names that carry secrets wherever they appear in an entry: censored before anything is written. */
const SECRET_FIELDS = [
  'password',
  'jwt_token',
  'api_token',
  'sign',
  'secret',
  'authorization',
  'webhook_secret',
  'webhook_secret_sealed',
];

export interface LoggerSettings {
  level: LogLevel;
  format: LogFormat;
  /** Where entries go (tests read them); stdout by default. */
  destination?: DestinationStream;
  /** Process-specific pino options (e.g. the server's request serializer). */
  options?: LoggerOptions;
}

/** Production ships logs, so JSON there; everywhere else a person reads them. */
export function defaultLogFormat(nodeEnv: string | undefined): LogFormat {
  return nodeEnv === 'production' ? 'json' : 'pretty';
}

/** The one logger of the server and the standalone gateway, so both read alike and redact alike. */
export function createLogger(settings: LoggerSettings): Logger {
  const options: LoggerOptions = {
    level: settings.level,
    redact: { paths: SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]), censor: '[redacted]' },
    ...settings.options,
  };
  if (settings.format === 'json') return pino(options, settings.destination ?? pino.destination(1));
  return pino(options, prettyStream(settings.destination));
}

/**
 * Pretty-printing in the process itself (not pino's worker transport), so the compiled build needs no
 * resolvable transport path. Single line: request lines already carry method, path, status and time.
 */
function prettyStream(destination: DestinationStream | undefined): DestinationStream {
  return PinoPretty({
    destination: destination ?? 1,
    colorize: destination === undefined && process.stdout.isTTY,
    singleLine: true,
    translateTime: "UTC:HH:MM:ss.l'Z'",
    ignore: 'pid,hostname,req,res,responseTime,reqId',
    sync: true,
  });
}
