import { lookup as dnsLookup } from 'node:dns';
import { connect, type LookupFunction, type Socket } from 'node:net';
import { ignoreError } from '../../ignore-error';
import { UpstreamReads } from '../../tunnel/upstream-reads';
import { ConnectError, type ConnectFailure } from './types';
import { isRefusedAddress, isRefusedHost } from './guard';

/** The error code of a lookup refused by `guardedLookup` (a private or local answer). */
export const REFUSED_ADDRESS_CODE = 'EDESTREFUSED';

/**
 * A lookup for `net.connect` that refuses blocked addresses: Node connects to exactly what it returns
 * (trying IPv6 and IPv4 answers in turn), so the checked address is the one used. The server's
 * alert webhooks connect through it too (decision 039).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (!allowPrivate && addresses.some((a) => isRefusedAddress(a.address))) {
        return callback(
          Object.assign(new Error(`${hostname} resolves to a refused address`), {
            code: REFUSED_ADDRESS_CODE,
          }),
          '',
          0,
        );
      }
      const first = addresses[0];
      if (!first) {
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      }
      if (options.all) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

/** Made once: a closure per connection would be garbage per tunnel. */
const lookups = { guarded: guardedLookup(false), private: guardedLookup(true) };

function failureOf(code: string | undefined): ConnectFailure {
  switch (code) {
    case REFUSED_ADDRESS_CODE:
      return 'destination_refused';
    case 'ECONNREFUSED':
      return 'connection_refused';
    case 'ETIMEDOUT':
      return 'timeout';
    case undefined:
    default:
      return 'unreachable';
  }
}

export interface TcpOptions {
  host: string;
  port: number;
  timeoutMs: number;
  /** Apply the destination guard (direct exits), else connect anywhere (an operator's upstream). */
  guard?: { allowPrivate: boolean };
}

/**
 * A connected TCP socket, or a ConnectError saying whose fault it was not to get one. Its reads go
 * through `UpstreamReads` (reused buffers; a relay takes bulky reads in place).
 */
export function tcpConnect(options: TcpOptions): Promise<Socket> {
  const { host, port, timeoutMs, guard } = options;
  if (guard && !guard.allowPrivate && isRefusedHost(host)) {
    return Promise.reject(new ConnectError('destination_refused', `${host} is a refused destination`));
  }
  return new Promise((resolve, reject) => {
    const reads = new UpstreamReads();
    const socket = connect({
      host,
      port,
      allowHalfOpen: true,
      autoSelectFamily: true,
      onread: reads.onread,
      ...(guard ? { lookup: guard.allowPrivate ? lookups.private : lookups.guarded } : {}),
    });
    reads.bind(socket);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new ConnectError('timeout', `no connection to ${host}:${port} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onError = (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      // With several addresses Node reports an AggregateError; its first error names the cause.
      const first = (error as unknown as { errors?: NodeJS.ErrnoException[] }).errors?.[0];
      reject(new ConnectError(failureOf(error.code ?? first?.code), `${host}:${port}: ${error.message}`));
    };
    socket.once('error', onError);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.off('error', onError);
      // Whoever takes the socket adds its own handler; until then an error must not crash the process.
      socket.on('error', ignoreError);
      resolve(socket);
    });
  });
}
