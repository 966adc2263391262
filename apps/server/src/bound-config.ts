import { loadConfig, type Config } from './config';

/** The ports the listeners got: as configured, or what the OS picked for a 0. */
export interface BoundPorts {
  port: number;
  /** The in-process gateway's. */
  gateway?: { httpPort: number; socksPort: number };
}

/**
 * The configuration as `loadConfig` reads it once the listeners are bound: as if the ports they got
 * had been configured. So with PORT=0 (or the in-process gateway's ports 0) what follows from a port
 * uses the one picked: the default PUBLIC_URL, the payment sandbox's address, the ports printed in
 * proxy lists. With every port configured, it is the configuration read at start.
 */
export function configWithBoundPorts(source: NodeJS.ProcessEnv, bound: BoundPorts): Config {
  return loadConfig({
    ...source,
    PORT: String(bound.port),
    ...(bound.gateway && {
      GATEWAY_HTTP_PORT: String(bound.gateway.httpPort),
      GATEWAY_SOCKS_PORT: String(bound.gateway.socksPort),
    }),
  });
}
