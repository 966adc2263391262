import type { Socket } from 'node:net';

/** The peer closed (or broke) the connection before sending what a handshake needs. */
export class TruncatedError extends Error {}

/**
 * Reads a handshake (SOCKS5 from a client, an upstream's CONNECT or SOCKS reply) from a socket in
 * exact pieces. `detach()` hands the socket back with whatever arrived after the handshake pushed
 * back in front, so piping starts with the first byte of payload. Reading pauses the socket when
 * more than `maxBuffered` bytes wait, so a peer flooding the handshake cannot grow memory.
 */
export class SocketReader {
  private buffered: Buffer[] = [];
  private size = 0;
  private closed: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly maxBuffered = 64 * 1024,
  ) {
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onEnd);
    socket.on('error', this.onError);
  }

  private readonly onData = (chunk: Buffer) => {
    this.buffered.push(chunk);
    this.size += chunk.length;
    if (this.size >= this.maxBuffered) this.socket.pause();
    this.wake?.();
  };

  private readonly onEnd = () => {
    this.closed ??= new TruncatedError('connection closed during the handshake');
    this.wake?.();
  };

  private readonly onError = (error: Error) => {
    this.closed ??= error;
    this.wake?.();
  };

  private async waitFor(ready: () => boolean): Promise<void> {
    while (!ready()) {
      if (this.closed) throw this.closed;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }

  private take(n: number): Buffer {
    const [first] = this.buffered;
    const all = this.buffered.length === 1 && first ? first : Buffer.concat(this.buffered);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.buffered = rest.length > 0 ? [rest] : [];
    this.size = rest.length;
    if (this.size < this.maxBuffered && this.socket.isPaused()) this.socket.resume();
    return out;
  }

  /** Exactly `n` bytes: at once when they are here already (a handshake usually comes whole). */
  read(n: number): Buffer | Promise<Buffer> {
    if (this.size >= n) return this.take(n);
    return this.readLater(n);
  }

  private async readLater(n: number): Promise<Buffer> {
    await this.waitFor(() => this.size >= n);
    return this.take(n);
  }

  /** Up to and including `delimiter`; fails when it has not come within `max` bytes. */
  async readUntil(delimiter: string, max: number): Promise<Buffer> {
    let end = -1;
    await this.waitFor(() => {
      const all = Buffer.concat(this.buffered);
      this.buffered = all.length > 0 ? [all] : [];
      end = all.indexOf(delimiter);
      if (end < 0 && all.length >= max) throw new TruncatedError('handshake too long');
      return end >= 0;
    });
    return this.take(end + delimiter.length);
  }

  /** Stops reading and puts back what was read beyond the handshake. */
  detach(): void {
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onEnd);
    this.socket.off('error', this.onError);
    this.socket.pause();
    const rest = Buffer.concat(this.buffered);
    this.buffered = [];
    this.size = 0;
    if (rest.length > 0) this.socket.unshift(rest);
  }
}
