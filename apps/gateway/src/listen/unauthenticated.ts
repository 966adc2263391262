import type { Socket } from 'node:net';
import { sourceIpOf } from './common';

/**
 * Connections per source address that have not authenticated yet, on both ports together. Each one
 * costs a socket and a handshake timer for up to the handshake timeout, so one address opening
 * thousands of them could starve everyone else; a connection beyond the cap is closed at once.
 * A connection counts from accept until it authenticates or closes; tunnels never count (their
 * cost is bounded per account by the connection limit instead).
 */
export class UnauthenticatedConnections {
  private readonly perIp = new Map<string, number>();
  /** The address each still-counted socket was counted under. */
  private readonly counted = new WeakMap<Socket, string>();

  /** Shared by every socket (`this` is the socket): no closure per connection. */
  private readonly onClose: (this: Socket) => void;

  constructor(private readonly maxPerIp: number) {
    const closed = (socket: Socket) => this.authenticated(socket);
    this.onClose = function (this: Socket) {
      closed(this);
    };
  }

  /** Counts a new connection; false (not counted) when its address already has the maximum. */
  admit(socket: Socket): boolean {
    const ip = sourceIpOf(socket);
    const open = this.perIp.get(ip) ?? 0;
    if (open >= this.maxPerIp) return false;
    this.perIp.set(ip, open + 1);
    this.counted.set(socket, ip);
    socket.once('close', this.onClose);
    return true;
  }

  /** The connection logged in (or closed): it no longer counts. Safe to call more than once. */
  authenticated(socket: Socket): void {
    const ip = this.counted.get(socket);
    if (ip === undefined) return;
    this.counted.delete(socket);
    const left = (this.perIp.get(ip) ?? 1) - 1;
    if (left > 0) this.perIp.set(ip, left);
    else this.perIp.delete(ip);
  }
}
