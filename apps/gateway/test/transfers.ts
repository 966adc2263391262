import type { Socket } from 'node:net';
import { basic, closed, connectTo, httpConnect, readHead, socksConnect } from './clients';

/**
 * Transfers as fast as loopback allows on each protocol path a customer has, for the promises that
 * hold on every path (credit, caps, connection limits): a CONNECT tunnel and a SOCKS5 tunnel to the
 * blaster, a plain-HTTP GET of an endless download, and a plain-HTTP POST of an endless upload.
 */

export const TRANSFER_PATHS = ['connect', 'socks5', 'http-get', 'http-post'] as const;
export type TransferPath = (typeof TRANSFER_PATHS)[number];

export interface TransferTargets {
  /** A TCP source at loopback speed (startBlaster). */
  blasterPort: number;
  /** An origin with `/endless` and `POST /sink` (startHttpTarget). */
  httpTargetPort: number;
}

/** How a plain-HTTP upload says its body is endless: a length no transfer here reaches. */
const ENDLESS_UPLOAD_BYTES = 1_000_000_000_000;

/**
 * Opens one transfer through the gateway and keeps it going (reading, or writing as fast as the
 * socket takes it) until the gateway closes it. Answers the client socket, or undefined when refused.
 */
export async function openTransfer(
  gateway: { httpPort: number; socksPort: number },
  path: TransferPath,
  targets: TransferTargets,
  credentials: { user: string; pass: string },
): Promise<Socket | undefined> {
  const auth = basic(credentials.user, credentials.pass);
  if (path === 'connect') {
    const t = await httpConnect(gateway.httpPort, `127.0.0.1:${targets.blasterPort}`, auth);
    if (t.status === 200) return t.socket;
    t.socket.destroy();
    return undefined;
  }
  if (path === 'socks5') {
    const s = await socksConnect(
      gateway.socksPort,
      { host: '127.0.0.1', port: targets.blasterPort },
      credentials,
    );
    if (s.rep === 0) return s.socket;
    s.socket.destroy();
    return undefined;
  }
  const socket = await connectTo(gateway.httpPort);
  socket.on('error', () => undefined);
  const origin = `127.0.0.1:${targets.httpTargetPort}`;
  if (path === 'http-get') {
    socket.write(
      `GET http://${origin}/endless HTTP/1.1\r\nHost: ${origin}\r\nProxy-Authorization: ${auth}\r\n\r\n`,
    );
    const { head } = await readHead(socket, 10_000).catch(() => ({ head: '' }));
    if (head.startsWith('HTTP/1.1 200')) return socket;
    socket.destroy();
    return undefined;
  }
  // The upload's body follows its head at once, as curl and the usual clients send it.
  socket.write(
    `POST http://${origin}/sink HTTP/1.1\r\nHost: ${origin}\r\nProxy-Authorization: ${auth}\r\n` +
      `Content-Length: ${ENDLESS_UPLOAD_BYTES}\r\n\r\n`,
  );
  const body = Buffer.alloc(64 * 1024, 0x75);
  const push = () => {
    while (socket.writable && socket.write(body));
  };
  socket.on('drain', push);
  push();
  return socket;
}

/**
 * Opens `n` transfers on `path` at once and keeps them going until the gateway ends them all (the
 * owner ran dry): how many opened, and the bytes their clients moved (a refused one moved a refusal).
 */
export async function drainTransfers(
  gateway: { httpPort: number; socksPort: number },
  path: TransferPath,
  targets: TransferTargets,
  credentials: { user: string; pass: string },
  n: number,
): Promise<{ opened: number; received: number }> {
  const opened = await Promise.all(
    Array.from({ length: n }, () =>
      // A transfer still in its handshake when the owner runs dry is refused or dropped: not opened.
      openTransfer(gateway, path, targets, credentials).catch(() => undefined),
    ),
  );
  const sockets = opened.flatMap((s) => (s ? [s] : []));
  await Promise.all(sockets.map((s) => closed(s, 30_000)));
  return {
    opened: sockets.length,
    received: sockets.reduce((sum, s) => sum + s.bytesRead + s.bytesWritten, 0),
  };
}
