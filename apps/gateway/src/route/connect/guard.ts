import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { inetAtonBytes, inPrefix, ipBytes } from './ip-bytes';

/**
 * Destinations a customer may not reach through us (docs/architecture.md#gateway-principles): our own host — by any of its
 * interface addresses, so the metrics port and other internal services are out of reach — the
 * private networks around it, link-local (where cloud metadata services live: 169.254.169.254,
 * fd00:ec2::254) and other special-purpose ranges. Decided on the address's bytes, so no spelling
 * slips through (`::ffff:7f00:1`, `0:0::FFFF:127.0.0.1`, `64:ff9b::127.0.0.1`, `::127.0.0.1`).
 * Checked on the resolved address for direct exits, so a name pointing at 10.0.0.1 is refused too;
 * the connection then goes to exactly that checked address (no second lookup to rebind).
 */
const refusedIpv4: [number[], number][] = [
  [[0, 0, 0, 0], 8], // "this network"
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // carrier-grade NAT (also Alibaba's metadata address)
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16], // link-local, cloud metadata
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15], // benchmarking
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

const refusedIpv6: [number[], number][] = [
  [[], 96], // ::/96: unspecified, loopback, and the deprecated IPv4-compatible ::a.b.c.d
  [[0, 0x64, 0xff, 0x9b, 0, 1], 48], // NAT64 local use: where the IPv4 sits depends on the operator
  [[1, 0, 0, 0, 0, 0, 0, 0], 64], // discard-only
  [[0xfc], 7], // unique local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
];

/** IPv6 prefixes that carry an IPv4 address: where the IPv4 is, it decides. */
const ipv4Carriers: { prefix: number[]; bits: number; at: number }[] = [
  { prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], bits: 96, at: 12 }, // mapped ::ffff:a.b.c.d
  { prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0], bits: 96, at: 12 }, // translated ::ffff:0:a.b.c.d
  { prefix: [0, 0x64, 0xff, 0x9b], bits: 96, at: 12 }, // NAT64 well-known 64:ff9b::a.b.c.d
  { prefix: [0x20, 0x02], bits: 16, at: 2 }, // 6to4 2002:AABB:CCDD::
];

/** The address that decides: the IPv4 inside an IPv6 carrier, else the address itself. */
function deciding(bytes: Uint8Array): Uint8Array {
  if (bytes.length === 4) return bytes;
  const carrier = ipv4Carriers.find((c) => inPrefix(bytes, c.prefix, c.bits));
  return carrier ? bytes.slice(carrier.at, carrier.at + 4) : bytes;
}

const keyOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** This host's interface addresses (all families), re-read every few seconds: they can change. */
const HOST_ADDRESSES_TTL_MS = 5000;
let hostCache: { at: number; keys: Set<string> } | undefined;

export function hostAddressKeys(now = Date.now()): ReadonlySet<string> {
  if (hostCache && now - hostCache.at < HOST_ADDRESSES_TTL_MS) return hostCache.keys;
  const keys = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const info of list ?? []) {
      const bytes = ipBytes(info.address);
      if (bytes) keys.add(keyOf(deciding(bytes)));
    }
  }
  hostCache = { at: now, keys };
  return keys;
}

/** True when an IP literal must not be a destination (`host` = this host's addresses, for tests). */
export function isRefusedAddress(address: string, host: ReadonlySet<string> = hostAddressKeys()): boolean {
  const bytes = ipBytes(address);
  if (!bytes) return false;
  const decisive = deciding(bytes);
  if (host.has(keyOf(decisive))) return true;
  const ranges = decisive.length === 4 ? refusedIpv4 : refusedIpv6;
  return ranges.some(([prefix, bits]) => inPrefix(decisive, prefix, bits));
}

/** Names that always mean this machine, refused before any lookup. */
export function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Whether a requested host is refused before any connection: a local name, a refused IP literal, or
 * a numeric spelling a resolver would read as a refused IPv4 (`2130706433`, `0x7f.1`).
 */
export function isRefusedHost(host: string): boolean {
  if (isLocalName(host)) return true;
  if (isIP(host) !== 0) return isRefusedAddress(host);
  const numeric = inetAtonBytes(host);
  return numeric !== undefined && isRefusedAddress(numeric.join('.'));
}
