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

export const silentLogger: GatewayLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
