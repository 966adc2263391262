import { isIP } from 'node:net';

/**
 * IP addresses as bytes, so the destination guard decides on what an address is rather than on how
 * it was spelled: `::ffff:127.0.0.1`, `::FFFF:7F00:0001` and `0:0:0:0:0:ffff:7f00:1` are one address.
 */

/** The 16 bytes of an IPv6 literal, or the 4 of an IPv4 one; undefined for anything else. */
export function ipBytes(literal: string): Uint8Array | undefined {
  const family = isIP(literal);
  if (family === 4) return Uint8Array.from(literal.split('.').map(Number));
  if (family !== 6) return undefined;
  // isIP has validated the syntax: at most one `::`, 1–4 hex digits a group, a dotted tail last.
  let text = literal.replace(/%.*$/, ''); // zone id (fe80::1%eth0)
  let dottedTail: number[] | undefined;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    dottedTail = text
      .slice(lastColon + 1)
      .split('.')
      .map(Number);
    text = `${text.slice(0, lastColon + 1)}0:0`; // two groups standing in for it
  }
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const [left = '', right] = text.split('::');
  const head = groups(left);
  const tail = right === undefined ? [] : groups(right);
  const all = [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  const bytes = new Uint8Array(16);
  all.forEach((group, i) => {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 0xff;
  });
  if (dottedTail) bytes.set(dottedTail, 12);
  return bytes;
}

/**
 * The numeric spellings a resolver (inet_aton) reads as IPv4 — `2130706433`, `0x7f.1`, `0177.0.0.1`,
 * `127.1` — as 4 bytes; undefined when the text is not one. Such a "name" never reaches DNS: the
 * system resolver (ours for direct exits, an upstream's otherwise) turns it into an address.
 */
export function inetAtonBytes(host: string): Uint8Array | undefined {
  const parts = host.replace(/\.$/, '').split('.');
  if (parts.length > 4) return undefined;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]*$/.test(part)) value = parseInt(part, 8);
    else if (/^[1-9][0-9]*$/.test(part)) value = parseInt(part, 10);
    else return undefined;
    values.push(value);
  }
  // The last part fills every byte the earlier ones did not name.
  const last = values.pop() ?? 0;
  const lastBytes = 4 - values.length;
  if (values.some((v) => v > 255) || last >= 2 ** (8 * lastBytes)) return undefined;
  const bytes = new Uint8Array(4);
  values.forEach((v, i) => (bytes[i] = v));
  for (let i = 3, rest = last; i >= values.length; i--, rest = Math.floor(rest / 256)) bytes[i] = rest % 256;
  return bytes;
}

/** True when `bytes` starts with the `bits` leading bits of `prefix`. */
export function inPrefix(bytes: Uint8Array, prefix: readonly number[], bits: number): boolean {
  for (let i = 0; i * 8 < bits; i++) {
    const mask = bits - i * 8 >= 8 ? 0xff : (0xff << (8 - (bits - i * 8))) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}
