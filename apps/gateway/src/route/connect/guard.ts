import { BlockList, isIP } from 'node:net';

/**
 * Destinations a customer may not reach through us (design §8): our own host, the private networks
 * around it, link-local (where cloud metadata services live: 169.254.169.254, fd00:ec2::254) and
 * other special-purpose ranges. Checked on the resolved address, so a name pointing at 10.0.0.1 is
 * refused too; the connection then goes to exactly that checked address (no second lookup to rebind).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba's metadata address)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** An IPv4 address hidden in an IPv6 one (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`). */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const hi = parseInt(hex[1] ?? '0', 16);
  const lo = parseInt(hex[2] ?? '0', 16);
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/** True when an IP literal must not be a destination. */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4 !== undefined) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** Names that always mean this machine, refused before any lookup. */
export function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
