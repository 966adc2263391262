import { canonicalIp } from '@resiport/contract';

/**
 * The three messages a SOCKS5 client sends before its tunnel (RFC 1928 greeting and request, RFC 1929
 * username/password), each parsed from the bytes received so far without waiting: `'incomplete'`
 * until the whole message is there, then the message and the bytes it took (`size`), or `'bad'` for
 * input no client of the protocol sends.
 */

export const VERSION = 0x05;
export const SOCKS4_VERSION = 0x04;
export const AUTH_VERSION = 0x01;

type Parsed<T> = (T & { size: number }) | 'incomplete' | 'bad';

/** VER NMETHODS METHODS…; a SOCKS4 client is told apart by its first byte. */
export function parseGreeting(bytes: Buffer): Parsed<{ methods: Buffer }> | 'socks4' {
  if (bytes.length === 0) return 'incomplete';
  if (bytes[0] === SOCKS4_VERSION) return 'socks4';
  if (bytes.length < 2) return 'incomplete';
  const count = bytes[1] ?? 0;
  if (bytes[0] !== VERSION || count === 0) return 'bad';
  if (bytes.length < 2 + count) return 'incomplete';
  return { methods: bytes.subarray(2, 2 + count), size: 2 + count };
}

/** VER ULEN UNAME PLEN PASSWD (RFC 1929). */
export function parseUserPass(bytes: Buffer): Parsed<{ username: string; password: string }> {
  if (bytes.length === 0) return 'incomplete';
  if (bytes[0] !== AUTH_VERSION) return 'bad';
  const userLength = bytes[1];
  if (userLength === undefined) return 'incomplete';
  const passLength = bytes[2 + userLength];
  if (passLength === undefined) return 'incomplete';
  const size = 3 + userLength + passLength;
  if (bytes.length < size) return 'incomplete';
  return {
    username: bytes.toString('utf8', 2, 2 + userLength),
    password: bytes.toString('utf8', 3 + userLength, size),
    size,
  };
}

/**
 * VER CMD RSV ATYP DST.ADDR DST.PORT. An address type we do not know ends the parse at once with
 * `host: undefined` (its length is unknown, so nothing after it can be read).
 */
export function parseRequest(
  bytes: Buffer,
): Parsed<{ command: number; host: string | undefined; port: number }> {
  if (bytes.length === 0) return 'incomplete';
  if (bytes[0] !== VERSION) return 'bad';
  if (bytes.length < 4) return 'incomplete';
  const command = bytes[1] ?? 0;
  const atyp = bytes[3];
  let addressEnd: number;
  if (atyp === 0x01) addressEnd = 8;
  else if (atyp === 0x04) addressEnd = 20;
  else if (atyp === 0x03) {
    const length = bytes[4];
    if (length === undefined) return 'incomplete';
    addressEnd = 5 + length;
  } else return { command, host: undefined, port: 0, size: 4 };
  if (bytes.length < addressEnd + 2) return 'incomplete';
  return {
    command,
    host: hostOf(bytes, atyp, addressEnd),
    port: bytes.readUInt16BE(addressEnd),
    size: addressEnd + 2,
  };
}

function hostOf(bytes: Buffer, atyp: number, end: number): string {
  if (atyp === 0x01) return `${bytes[4]}.${bytes[5]}.${bytes[6]}.${bytes[7]}`;
  if (atyp === 0x03) return bytes.toString('latin1', 5, end);
  const groups: string[] = [];
  for (let at = 4; at < end; at += 2) groups.push(bytes.readUInt16BE(at).toString(16));
  const joined = groups.join(':');
  return canonicalIp(joined) ?? joined;
}
