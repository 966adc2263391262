import type { AddressInfo, Server } from 'node:net';

/** The default listen address: IPv6 and, on Linux (bindv6only=0), IPv4 too as `::ffff:a.b.c.d`. */
export const DUAL_STACK_HOST = '::';
export const IPV4_ANY_HOST = '0.0.0.0';

/** What listening on an IPv6 address fails with on a machine without IPv6. */
const NO_IPV6 = new Set(['EAFNOSUPPORT', 'EADDRNOTAVAIL']);

/** The addresses to try in order: the dual-stack default falls back to IPv4; anything else is as given. */
export const hostsToTry = (host: string): string[] =>
  host === DUAL_STACK_HOST ? [DUAL_STACK_HOST, IPV4_ANY_HOST] : [host];

/**
 * Listens and answers the port it got (the one asked for, or the OS's pick for 0). `exclusive`: in a
 * cluster worker, a socket of this worker's own instead of the one the workers share.
 */
export function listenOn(server: Server, port: number, host: string, exclusive = false): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, exclusive }, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Listens on the first of `hosts` this machine has; moves to the next only when the address family
 * is missing (no IPv6), never on other errors (a port in use must fail loudly). Answers the port and
 * the host it got, so the other listeners can go straight there.
 */
export async function listenOnFirst(
  server: Server,
  port: number,
  hosts: readonly string[],
  onFallback: (failed: string, error: NodeJS.ErrnoException, next: string) => void,
): Promise<{ port: number; host: string }> {
  for (const [index, host] of hosts.entries()) {
    const next = hosts[index + 1];
    try {
      return { port: await listenOn(server, port, host), host };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (next === undefined || !NO_IPV6.has(code)) throw error;
      onFallback(host, error as NodeJS.ErrnoException, next);
    }
  }
  throw new Error('no address to listen on');
}
