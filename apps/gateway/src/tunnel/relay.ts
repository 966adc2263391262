import type { Socket } from 'node:net';
import { upstreamReadsOf, type InPlaceSink } from './upstream-reads';

/** Stops and restarts a tunnel's reading for credit (the owner's credit ran out; a renewal landed). */
export interface Flow {
  hold(): void;
  release(): void;
}

/** Where the bytes a tunnel reads are spent (its owner's credit, through the tunnel). */
export interface Spender {
  spend(bytes: number): void;
}

/**
 * Relays bytes both ways until both directions are finished, or until either side breaks or goes
 * idle, spending every chunk it reads from the owner's credit before the next one can be read.
 * Reading stops for two reasons that are tracked apart: backpressure (the other side's write
 * buffer is full: wait for its 'drain') and credit (`hold`: wait for `release`); a direction reads
 * again only when neither applies. A chunk is at most one socket read (`OWN_READ_BYTES`), so a tunnel
 * moves at most that much past the moment its owner's credit is gone.
 *
 * A bulky download is read into the upstream socket's own buffer (upstream-reads.ts) and written to
 * the client from it in place: the upstream then reads again only once that write is done (a third
 * reason to stop, `inPlaceWriting`), so the buffer is never overwritten under a pending write.
 *
 * Half-close is honoured: a FIN from one side ends the other side's writable half while the reverse
 * direction keeps flowing (sockets are created with `allowHalfOpen`). Any error or abrupt close
 * destroys both (no half-dead tunnels); the meter closes tunnels that stay idle (meter.ts).
 *
 * The data path is what every byte costs (docs/performance.md): per chunk, one write, one
 * subtraction from the credit, and nothing that allocates or arms a timer.
 */
export class Relay implements Flow, InPlaceSink {
  private held = false;
  /** The upstream's write buffer is full: the client is paused until it drains (and vice versa). */
  private upBlocked = false;
  private downBlocked = false;
  /** A write to the client from the upstream's own read buffer is still pending. */
  private inPlaceWriting = false;

  constructor(
    private readonly client: Socket,
    private readonly upstream: Socket,
    private readonly spender: Spender,
  ) {}

  private readonly onClientData = (chunk: Buffer): void => {
    if (!this.upstream.write(chunk)) {
      this.upBlocked = true;
      this.client.pause();
    }
    this.spender.spend(chunk.length);
  };

  private readonly onUpstreamData = (chunk: Buffer): void => {
    if (!this.client.write(chunk)) {
      this.downBlocked = true;
      this.upstream.pause();
    }
    this.spender.spend(chunk.length);
  };

  takeInPlace(chunk: Buffer): boolean {
    this.client.write(chunk, this.onInPlaceWritten);
    this.spender.spend(chunk.length);
    if (this.client.writableLength > 0) {
      this.inPlaceWriting = true;
      return false;
    }
    // Written through to the kernel at once (the usual case while the client keeps up): read on,
    // unless that chunk spent the owner's last credit (`hold` paused the upstream meanwhile).
    return !this.held;
  }

  private readonly onInPlaceWritten = (): void => {
    if (!this.inPlaceWriting) return;
    this.inPlaceWriting = false;
    if (!this.held && !this.downBlocked) this.upstream.resume();
  };

  private readonly onUpstreamDrain = (): void => {
    this.upBlocked = false;
    if (!this.held) this.client.resume();
  };

  private readonly onClientDrain = (): void => {
    this.downBlocked = false;
    if (!this.held && !this.inPlaceWriting) this.upstream.resume();
  };

  private readonly destroyBoth = (): void => {
    this.client.destroy();
    this.upstream.destroy();
  };

  hold(): void {
    this.held = true;
    this.client.pause();
    this.upstream.pause();
  }

  release(): void {
    this.held = false;
    if (!this.upBlocked) this.client.resume();
    if (!this.downBlocked && !this.inPlaceWriting) this.upstream.resume();
  }

  /** Resolves once both sockets are closed. */
  run(): Promise<void> {
    const { client, upstream } = this;
    return new Promise((resolve) => {
      let open = 2;
      for (const socket of [client, upstream]) {
        socket.on('error', this.destroyBoth);
        socket.once('close', () => {
          // Closed without its FIN (destroyed: a cut, a timeout): the other side must not linger.
          if (!socket.readableEnded) this.destroyBoth();
          if (--open === 0) resolve();
        });
      }
      client.on('end', () => upstream.end());
      upstream.on('end', () => client.end());
      upstream.on('drain', this.onUpstreamDrain);
      client.on('drain', this.onClientDrain);
      client.on('data', this.onClientData);
      upstream.on('data', this.onUpstreamData);
      upstreamReadsOf(upstream)?.relayTo(this);
      // Both sockets arrive paused (handshake readers, exit connectors); a hold that came before
      // the listeners (the owner ran dry meanwhile) keeps them so.
      if (!this.held) this.release();
    });
  }
}
