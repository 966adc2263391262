import { isIPv4, isIPv6, type Socket } from 'node:net';
import type { Exit } from '@resiport/contract';
import { exitFailed, handshakeWithExit } from './exit-handshake';
import { ConnectError, type ConnectFailure, type ConnectOptions, type Destination } from './types';

/** A SOCKS5 destination address: ATYP and the address bytes (RFC 1928 §5). */
export function encodeAddress(host: string): Buffer {
  if (isIPv4(host)) return Buffer.from([0x01, ...host.split('.').map(Number)]);
  if (isIPv6(host)) {
    const groups = expandIpv6(host);
    const bytes = Buffer.alloc(17);
    bytes[0] = 0x04;
    groups.forEach((g, i) => bytes.writeUInt16BE(g, 1 + i * 2));
    return bytes;
  }
  const name = Buffer.from(host, 'utf8');
  if (name.length === 0 || name.length > 255) throw new ConnectError('unreachable', 'bad host name');
  return Buffer.concat([Buffer.from([0x03, name.length]), name]);
}

function expandIpv6(text: string): number[] {
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const toGroups = (items: string[]) =>
    items.flatMap((item) => {
      if (!item.includes('.')) return [parseInt(item, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = item.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  const left = toGroups(part(head));
  const right = tail === undefined ? [] : toGroups(part(tail));
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** REP codes of an upstream that blame the destination; anything else blames the exit. */
const destinationReplies: Partial<Record<number, ConnectFailure>> = {
  0x02: 'destination_refused',
  0x03: 'unreachable',
  0x04: 'unreachable',
  0x05: 'connection_refused',
  0x06: 'timeout',
};

/** An upstream SOCKS5 proxy (RFC 1928 CONNECT, RFC 1929 username/password when configured). */
export async function connectSocks5Upstream(
  exit: Exit,
  destination: Destination,
  options: ConnectOptions,
): Promise<Socket> {
  return handshakeWithExit(exit, options, 'SOCKS', async (socket, reader) => {
    const withAuth = exit.username !== undefined;
    socket.write(Buffer.from(withAuth ? [0x05, 0x02, 0x00, 0x02] : [0x05, 0x01, 0x00]));
    const [version, method] = await reader.read(2);
    if (version !== 0x05) throw exitFailed(exit, 'not a SOCKS5 server');
    if (method === 0x02 && withAuth) {
      const user = Buffer.from(exit.username ?? '');
      const pass = Buffer.from(exit.password ?? '');
      socket.write(Buffer.concat([Buffer.from([0x01, user.length]), user, Buffer.from([pass.length]), pass]));
      const [, status] = await reader.read(2);
      if (status !== 0x00) throw exitFailed(exit, 'upstream refused our credentials');
    } else if (method !== 0x00) {
      throw exitFailed(exit, 'no acceptable authentication method');
    }
    const port = Buffer.alloc(2);
    port.writeUInt16BE(destination.port);
    socket.write(Buffer.concat([Buffer.from([0x05, 0x01, 0x00]), encodeAddress(destination.host), port]));
    const [, rep, , atyp] = await reader.read(4);
    if (rep !== 0x00) {
      const kind = destinationReplies[rep ?? -1];
      throw kind
        ? new ConnectError(kind, `upstream reply ${rep}`)
        : exitFailed(exit, `upstream reply ${rep}`);
    }
    // Skip BND.ADDR and BND.PORT.
    if (atyp === 0x01) await reader.read(4 + 2);
    else if (atyp === 0x04) await reader.read(16 + 2);
    else if (atyp === 0x03) await reader.read((await reader.read(1)).readUInt8(0) + 2);
    else throw exitFailed(exit, 'bad reply address type');
  });
}
