import { isIP, isIPv4, type Socket } from 'node:net';
import { canonicalIp } from '@resiport/contract';
import type { Credential } from '../auth/authenticator';
import type { Destination } from '../route/connect/types';

/** The canonical form of the peer's address (IPv4-mapped IPv6 as IPv4), as the whitelist stores it. */
export function sourceIpOf(socket: Socket): string {
  const raw = socket.remoteAddress ?? '';
  // Fast path (every connection asks): Node already gives IPv4 in canonical dotted decimal.
  if (isIPv4(raw)) return raw;
  if (raw.startsWith('::ffff:') && isIPv4(raw.slice(7))) return raw.slice(7);
  return canonicalIp(raw) ?? raw;
}

/** `Proxy-Authorization: Basic base64(user:pass)`; undefined when absent or not Basic. */
export function basicCredential(header: string | undefined): Credential | undefined {
  const match = /^basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9_]([A-Za-z0-9_-]*[A-Za-z0-9_])?(\.[A-Za-z0-9_]([A-Za-z0-9_-]*[A-Za-z0-9_])?)*\.?$/;

/**
 * A host name or IP literal a destination may have (no URLs, spaces or control characters). No IPv6
 * zone (`fe80::1%eth0`): `isIP` accepts one, the destination guard reads the address without it, and
 * an upstream exit would be handed the whole string (a zone's digits once became address groups and
 * reached `fd00:ec2::254`).
 */
export function isValidHost(host: string): boolean {
  return (isIP(host) !== 0 && !host.includes('%')) || HOST_NAME.test(host);
}

export function validPort(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : undefined;
}

/**
 * CONNECT's authority-form `host:port` or `[v6]:port`; undefined when malformed. By hand rather than
 * one regex with captures: it runs for every tunnel (decision 034).
 */
export function parseAuthority(text: string | undefined): Destination | undefined {
  if (text === undefined) return undefined;
  const colon = text.lastIndexOf(':');
  if (colon <= 0) return undefined;
  const port = validPort(text.slice(colon + 1));
  if (port === undefined) return undefined;
  const bracketed = text.charCodeAt(0) === 0x5b; // [
  if (bracketed) {
    if (text.charCodeAt(colon - 1) !== 0x5d) return undefined; // ]
    const host = text.slice(1, colon - 1);
    return isIP(host) === 6 && isValidHost(host) ? { host, port } : undefined;
  }
  const host = text.slice(0, colon);
  if (host.includes(':') || host.includes('[') || host.includes(']')) return undefined;
  return isValidHost(host) ? { host, port } : undefined;
}

/** Ends a refused connection: the reply goes out, late input is drained, the socket goes soon after. */
export function endWith(socket: Socket, data: Buffer | string): void {
  if (socket.destroyed) return;
  socket.resume();
  socket.end(data);
  setTimeout(() => socket.destroy(), 2000).unref();
}
