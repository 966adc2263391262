/**
 * The logging the gateway needs, shaped like pino's (`log.info(fields, message)`), so the server
 * can pass its own logger when it runs the gateway in-process. Never log passwords or the secret.
 */
export interface GatewayLogger {
  debug(fields: object, message?: string): void;
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}

/** One JSON line per entry on stdout/stderr (the standalone process). */
export function consoleLogger(): GatewayLogger {
  const line = (level: string, fields: object, message?: string) =>
    JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...fields });
  return {
    debug: () => undefined,
    info: (fields, message) => console.log(line('info', fields, message)),
    warn: (fields, message) => console.warn(line('warn', fields, message)),
    error: (fields, message) => console.error(line('error', fields, message)),
  };
}

export const silentLogger: GatewayLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
