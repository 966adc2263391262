import type { Socket } from 'node:net';
import type { Exit } from '@resiport/contract';
import { handshakeWithExit } from './exit-handshake';
import { authority, ConnectError, type ConnectOptions, type Destination, type UpstreamAnswer } from './types';

const MAX_RESPONSE_HEAD = 16 * 1024;

/** Statuses an upstream proxy uses for "your destination failed" rather than "I failed". */
function destinationFailure(answer: UpstreamAnswer): ConnectError | undefined {
  const { status } = answer;
  if (status === 502 || status === 503 || status === 404) {
    return new ConnectError('unreachable', `upstream answered ${status}`, answer);
  }
  if (status === 504) return new ConnectError('timeout', 'upstream answered 504', answer);
  if (status === 403) return new ConnectError('destination_refused', 'upstream answered 403', answer);
  return undefined;
}

/**
 * An upstream HTTP proxy: `CONNECT host:port` with Basic `Proxy-Authorization` when configured. Also
 * the server's client for the portal's proxy test (through a gateway's own HTTP port).
 */
export async function connectHttpUpstream(
  exit: Exit,
  destination: Destination,
  options: ConnectOptions,
): Promise<Socket> {
  const target = authority(destination);
  const auth =
    exit.username === undefined
      ? ''
      : `Proxy-Authorization: Basic ${Buffer.from(`${exit.username}:${exit.password ?? ''}`).toString('base64')}\r\n`;
  return handshakeWithExit(exit, options, 'CONNECT', async (socket, reader) => {
    socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth}\r\n`);
    const head = (await reader.readUntil('\r\n\r\n', MAX_RESPONSE_HEAD)).toString('latin1');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? NaN);
    if (status >= 200 && status < 300) return;
    const answer = { status, head };
    throw (
      destinationFailure(answer) ??
      new ConnectError('exit_failed', `exit ${exit.id} answered ${head.split('\r\n')[0] ?? ''}`, answer)
    );
  });
}
