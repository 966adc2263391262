/**
 * The IP check of docs/product.md#ip-addresses, in one place for web and server: a dotted IPv4 address (four parts 0–255, no
 * leading zeros — `01.2.3.4` is ambiguous, octal to some tools) or an IPv6 address in colon-hex
 * form (with `::` and an optional dotted IPv4 tail). Addresses are compared and stored in one
 * canonical form: IPv4 dotted decimal, IPv6 per RFC 5952 (lower case, shortest, longest zero run
 * compressed), and IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as the IPv4 address it is.
 */

const IPV4_PART = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

function parseIpv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => IPV4_PART.test(p))) return undefined;
  return parts.map(Number);
}

/** The eight 16-bit groups of an IPv6 address, or undefined. */
function parseIpv6(text: string): number[] | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.split('::').length > 2) return undefined;
  const [head = '', tail] = text.split('::');
  const side = (part: string): number[] | undefined => {
    if (part === '') return [];
    const groups: number[] = [];
    const items = part.split(':');
    for (const [index, item] of items.entries()) {
      const last = index === items.length - 1;
      if (last && item.includes('.')) {
        const v4 = parseIpv4(item);
        if (!v4) return undefined;
        groups.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
      } else if (HEX_GROUP.test(item)) {
        groups.push(parseInt(item, 16));
      } else {
        return undefined;
      }
    }
    return groups;
  };
  const left = side(head);
  const right = tail === undefined ? [] : side(tail);
  if (!left || !right) return undefined;
  if (tail === undefined) return left.length === 8 ? left : undefined;
  const missing = 8 - left.length - right.length;
  if (missing < 1) return undefined;
  return [...left, ...Array<number>(missing).fill(0), ...right];
}

function formatIpv6(groups: number[]): string {
  // The longest run of two or more zero groups (the first on a tie) becomes `::` (RFC 5952 §4.2).
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length && j - i >= 2) best = { start: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(':');
  const before = hex.slice(0, best.start).join(':');
  const after = hex.slice(best.start + best.length).join(':');
  return `${before}::${after}`;
}

/** The canonical form of an IP address, or undefined when the text is not one. */
export function canonicalIp(text: string): string | undefined {
  const trimmed = text.trim();
  const v4 = parseIpv4(trimmed);
  if (v4) return v4.join('.');
  const v6 = parseIpv6(trimmed);
  if (!v6) return undefined;
  const mapped = v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff;
  if (mapped) {
    const [hi = 0, lo = 0] = v6.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return formatIpv6(v6);
}

/**
 * Addresses that can never be a customer's source: unspecified, loopback, broadcast, multicast.
 * Whitelisting them would either do nothing or open the gateway to whatever sits behind it.
 */
export function isUnroutableIp(canonical: string): boolean {
  if (canonical.includes(':')) return canonical === '::' || canonical === '::1' || canonical.startsWith('ff');
  const first = Number(canonical.split('.')[0]);
  return first === 0 || first === 127 || first >= 224;
}
