import type { OnReadOpts, Socket } from 'node:net';
import { CREDIT_OVERDRAW_BYTES_PER_TUNNEL } from '@resiport/contract';

/**
 * How the gateway reads from the sockets it opens towards exits (`net.connect`'s `onread`, decision 032).
 *
 * Node's default read path allocates a fresh 64 KiB buffer for every read, shrinks it to what came,
 * pushes it through the Readable machinery and leaves it to the garbage collector: most of what a bulk
 * download costs on top of the kernel (docs/performance.md). Here:
 *
 * - **A young socket** (handshakes, small responses, plain HTTP) reads into one buffer shared by every
 *   upstream socket. Each read is copied out, at its size, before the callback returns, and pushed into
 *   the socket's Readable as Node would, so 'data', pause, unshift and the HTTP client work unchanged.
 *   Sharing is safe because reads are delivered one at a time on this thread and nothing keeps a view.
 * - **A bulky tunnel** (a relay takes its bytes, it has read `OWN_AFTER_BYTES`, and its last read was
 *   at least `BULK_READ_BYTES`) gets its own buffer of `OWN_READ_BYTES`: each read is handed to the relay in
 *   place, which writes it to the client straight from that buffer and stops reading until the write
 *   is done. No allocation, no copy, no Readable, and a quarter of the callbacks and writes per byte.
 *   Reads that come while the relay is paused (held for credit, a full client) are copied and wait in
 *   the Readable, unspent, like a young socket's.
 * - **A bulky tunnel that slows down** (a read under `BULK_READ_BYTES`) gives its buffer up.
 *
 * A tunnel that never moved bulk holds no buffer of its own (memory per idle tunnel is a goal). A bulky
 * one holds 256 KiB until it slows down or closes; one that stops dead keeps it until it closes (the
 * idle timeout at the latest). A read is at most `OWN_READ_BYTES`, which is the credit bound per tunnel.
 */

/** The largest read, and so what one tunnel can move past its owner's credit (decision 015). */
export const OWN_READ_BYTES = CREDIT_OVERDRAW_BYTES_PER_TUNNEL;
/** A tunnel that has read this much is a bulk transfer: worth a buffer of its own. */
export const OWN_AFTER_BYTES = 256 * 1024;
const SHARED_READ_BYTES = 64 * 1024;
/**
 * A read at least this large says more was waiting: a bulk flow. (Reads rarely fill 64 KiB exactly:
 * loopback delivers 65,483-byte segments, a WAN link whatever arrived since the last read.)
 */
const BULK_READ_BYTES = 32 * 1024;

/** The shared buffer young sockets read into: every read is copied out before the next one happens. */
const shared = Buffer.allocUnsafeSlow(SHARED_READ_BYTES);

/** Who takes a bulky tunnel's reads in place (the relay). */
export interface InPlaceSink {
  /**
   * `chunk` is a view of the socket's own buffer, valid until the sink says it is done with it:
   * return true to read on at once (the bytes are gone), false to stop reading; the sink resumes the
   * socket when the chunk is no longer needed.
   */
  takeInPlace(chunk: Buffer): boolean;
}

const readsOf = new WeakMap<Socket, UpstreamReads>();

/** The read path of an upstream socket opened with `onread` (undefined for any other socket). */
export function upstreamReadsOf(socket: Socket): UpstreamReads | undefined {
  return readsOf.get(socket);
}

export class UpstreamReads {
  private socket: Socket | undefined;
  private sink: InPlaceSink | undefined;
  private own: Buffer | undefined;
  private bytesRead = 0;
  /** The size of the last read (a bulk flow reads large). */
  private lastRead = 0;

  /** For `net.connect({ onread })`: the buffer is asked for again after every read. */
  readonly onread: OnReadOpts = {
    buffer: () => this.nextBuffer(),
    callback: (bytes, buffer) => this.delivered(bytes, buffer as Buffer),
  };

  /** Ties the read path to the socket `net.connect` just returned (before any read can happen). */
  bind(socket: Socket): void {
    this.socket = socket;
    readsOf.set(socket, this);
  }

  /** Whether the socket holds a read buffer of its own (a bulky tunnel's 256 KiB). */
  get ownsBuffer(): boolean {
    return this.own !== undefined;
  }

  /** From now on bulky reads go to `sink` in place; reads so far stay in the Readable, in order. */
  relayTo(sink: InPlaceSink): void {
    this.sink = sink;
  }

  private nextBuffer(): Buffer {
    if (this.own) {
      // A small read: the flow slowed down, so the tunnel gives its buffer up (a write still pending
      // from it keeps its own reference to the chunk).
      if (this.lastRead >= BULK_READ_BYTES) return this.own;
      this.own = undefined;
      return shared;
    }
    if (!this.bulky()) return shared;
    this.own = Buffer.allocUnsafeSlow(OWN_READ_BYTES);
    return this.own;
  }

  /** Worth a buffer of its own: relayed, past OWN_AFTER_BYTES, and the last read was a bulk one. */
  private bulky(): boolean {
    return (
      this.sink !== undefined &&
      this.bytesRead >= OWN_AFTER_BYTES &&
      this.lastRead >= BULK_READ_BYTES &&
      this.takesInPlace()
    );
  }

  /**
   * The relay takes reads as they come: flowing, with nothing queued ahead in the Readable. A paused
   * socket (held for credit, a full client) may still read (Readable reads ahead up to its mark); those
   * bytes must wait in the Readable unspent, as a young read's would, and in order.
   */
  private takesInPlace(): boolean {
    return this.socket?.readableFlowing === true && this.socket.readableLength === 0;
  }

  private delivered(bytes: number, buffer: Buffer): boolean {
    this.bytesRead += bytes;
    this.lastRead = bytes;
    const chunk = buffer.subarray(0, bytes);
    if (buffer === this.own && this.sink && this.takesInPlace()) return this.sink.takeInPlace(chunk);
    const copy = Buffer.allocUnsafe(bytes);
    chunk.copy(copy);
    // Node's own read path: false once the Readable's buffer is full (its reader stopped).
    return this.socket ? this.socket.push(copy) : false;
  }
}
