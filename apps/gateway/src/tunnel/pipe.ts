import type { Socket } from 'node:net';

/**
 * Relays bytes both ways until both directions are finished, or until either side breaks or goes
 * idle. Half-close is honoured: when one side sends FIN, `pipe` ends the other side's writable half
 * while the reverse direction keeps flowing (a request sent with `shutdown(SHUT_WR)` still gets its
 * answer); sockets are created with `allowHalfOpen`, so a FIN never drops the other direction. Any
 * error, abrupt close or `idleMs` without traffic on either socket destroys both (no half-dead tunnels).
 * Resolves once both sockets are closed.
 */
export function pipeBoth(client: Socket, upstream: Socket, idleMs: number): Promise<void> {
  return new Promise((resolve) => {
    let open = 2;
    const destroyBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', destroyBoth);
      socket.setTimeout(idleMs, destroyBoth);
      socket.once('close', () => {
        socket.setTimeout(0);
        // Closed without its FIN (destroyed: a cut, a timeout): the other side must not linger.
        if (!socket.readableEnded) destroyBoth();
        if (--open === 0) resolve();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
}
