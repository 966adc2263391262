import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Closes HTTP connections that do not deliver a complete request head in time. Node's own
 * `headersTimeout` left connections that sent nothing, or half a head, open for minutes (an attack
 * held 140 of 140 such connections open past 190 s), so every connection gets its own timer:
 *
 * - on accept: the first head must be complete within the handshake timeout;
 * - while a request is being served: no timer (the tunnel's idle timeout applies);
 * - after the last response on a kept-alive connection: the next head must begin within the
 *   keep-alive timeout, and once its first byte is in, be complete within the handshake timeout.
 *
 * The listener reports each event explicitly: `accepted` from 'connection', `headReceived` from
 * 'request', 'checkContinue' and 'connect' (with the response, when there is one to wait for).
 */
interface Waiting {
  timer: NodeJS.Timeout | undefined;
  /** Requests whose response has not finished (pipelining can make this more than one). */
  inFlight: number;
  /** Set while idle between requests: the first byte of the next head starts its handshake clock. */
  onFirstByte: (() => void) | undefined;
}

export class HeadDeadlines {
  private readonly sockets = new WeakMap<Socket, Waiting>();

  /** Shared by every socket (`this` is the socket): no closure per connection. */
  private readonly onClose: (this: Socket) => void;

  constructor(private readonly limits: { handshakeTimeoutMs: number; keepAliveTimeoutMs: number }) {
    const closed = (socket: Socket) => {
      const waiting = this.sockets.get(socket);
      if (waiting) this.stopWaiting(socket, waiting);
    };
    this.onClose = function (this: Socket) {
      closed(this);
    };
  }

  accepted(socket: Socket): void {
    const waiting: Waiting = { timer: undefined, inFlight: 0, onFirstByte: undefined };
    this.sockets.set(socket, waiting);
    this.arm(socket, waiting, this.limits.handshakeTimeoutMs);
    socket.once('close', this.onClose);
  }

  /** A head is complete. With `res`, waiting for the next head resumes when it is done. */
  headReceived(socket: Socket, res?: ServerResponse): void {
    const waiting = this.sockets.get(socket);
    if (!waiting) return;
    this.stopWaiting(socket, waiting);
    if (!res) return; // CONNECT: the socket is a tunnel now, for good
    waiting.inFlight++;
    res.once('close', () => {
      waiting.inFlight--;
      // Node has ended the socket by now when the response said `Connection: close`.
      if (waiting.inFlight > 0 || socket.destroyed || socket.writableEnded) return;
      this.awaitNextHead(socket, waiting);
    });
  }

  private awaitNextHead(socket: Socket, waiting: Waiting): void {
    this.arm(socket, waiting, this.limits.keepAliveTimeoutMs);
    waiting.onFirstByte = () => {
      waiting.onFirstByte = undefined;
      // A complete head may have come in this very chunk: then the request already stopped the wait.
      if (waiting.timer !== undefined && waiting.inFlight === 0) {
        this.arm(socket, waiting, this.limits.handshakeTimeoutMs);
      }
    };
    socket.once('data', waiting.onFirstByte);
  }

  private arm(socket: Socket, waiting: Waiting, ms: number): void {
    clearTimeout(waiting.timer);
    waiting.timer = setTimeout(() => socket.destroy(), ms);
  }

  private stopWaiting(socket: Socket, waiting: Waiting): void {
    clearTimeout(waiting.timer);
    waiting.timer = undefined;
    if (waiting.onFirstByte) socket.off('data', waiting.onFirstByte);
    waiting.onFirstByte = undefined;
  }
}
