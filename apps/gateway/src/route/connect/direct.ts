import type { Socket } from 'node:net';
import { tcpConnect } from './tcp';
import type { ConnectOptions, Destination } from './types';

/** The `direct` exit: this host's own network, behind the destination guard. */
export function connectDirect(destination: Destination, options: ConnectOptions): Promise<Socket> {
  return tcpConnect({
    host: destination.host,
    port: destination.port,
    timeoutMs: options.timeoutMs,
    guard: { allowPrivate: options.allowPrivate },
  });
}
