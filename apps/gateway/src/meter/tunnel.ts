import type { Socket } from 'node:net';
import type { Identity } from '../auth/authenticator';

let nextId = 1;

/**
 * One live connection of a customer. Billing reads the CLIENT socket only: `bytesRead` (the
 * customer's upload) and `bytesWritten` (download) from its first byte, so the CONNECT request, the
 * SOCKS handshake and our replies count too — that is what the customer moved through us.
 */
export class Tunnel {
  readonly id = nextId++;
  private readBefore = 0;
  private writtenBefore = 0;

  constructor(
    readonly identity: Identity,
    readonly client: Socket,
    readonly upstream: Socket,
    readonly exitId: string,
  ) {}

  /** Bytes moved since the previous call (readable after the socket closed, too). */
  takeDelta(): { up: number; down: number } {
    const read = this.client.bytesRead;
    const written = this.client.bytesWritten;
    const delta = { up: read - this.readBefore, down: written - this.writtenBefore };
    this.readBefore = read;
    this.writtenBefore = written;
    return delta;
  }

  destroy(): void {
    this.client.destroy();
    this.upstream.destroy();
  }
}
