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

/** What draining an owner took: transfers opened (in all, and in the widest round), and bytes moved. */
export interface Drained {
  opened: number;
  widest: number;
  rounds: number;
  received: number;
}

/**
 * Runs rounds of transfers until one opens none (the owner is refused): bytes queued for a client
 * but never sent are not billed and a cut gives their credit back (delivered.ts), so an owner cut
 * with some queued has traffic again, and its next transfers carry it. Its debt at the end comes
 * from one round, so the credit bound holds per transfer of the widest round.
 */
export async function untilRefused(
  round: () => Promise<{ opened: number; received: number }>,
  maxRounds = 10,
): Promise<Drained> {
  const drained: Drained = { opened: 0, widest: 0, rounds: 0, received: 0 };
  while (drained.rounds < maxRounds) {
    const { opened, received } = await round();
    drained.rounds++;
    drained.opened += opened;
    drained.received += received;
    drained.widest = Math.max(drained.widest, opened);
    if (opened === 0) return drained;
  }
  throw new Error(`the owner was still let in after ${maxRounds} rounds`);
}

/**
 * Opens `n` transfers on `path` at once and keeps them going until the gateway ends them all (the
 * owner ran dry), in rounds until the owner is refused (`untilRefused`); an upload is let in before
 * its refusal (its body began), so it drains one round, as does `once`. A refused transfer moved a
 * refusal.
 */
export async function drainTransfers(
  gateway: { httpPort: number; socksPort: number },
  path: TransferPath,
  targets: TransferTargets,
  credentials: { user: string; pass: string },
  n: number,
  once = false,
): Promise<Drained> {
  const round = async () => {
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
  };
  if (path !== 'http-post' && !once) return untilRefused(round);
  const { opened, received } = await round();
  return { opened, widest: opened, rounds: 1, received };
}
