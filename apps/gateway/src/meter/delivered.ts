import { Socket } from 'node:net';
import { kernelQueues, type KernelQueues } from './kernel-queues';

/**
 * How many of the bytes written to a client socket were sent to the client. Node's `bytesWritten`
 * counts what the gateway handed over, including what still waits in the socket's buffer, in libuv's
 * queue and in the kernel's send queue; an aborted download or a client that stopped reading left
 * megabytes there that never left. What was sent is what the kernel took (`_bytesDispatched`, the
 * bytes handed to libuv, less libuv's `writeQueueSize`; both internal to Node, stable since its early
 * versions) less what it has not sent yet.
 *
 * Sent, not acknowledged: bytes on the wire reach a client that is there (the gateway's reset travels
 * behind them), so they are billed; counting only acknowledged ones would leave up to a congestion
 * window unbilled at every cut, and the delayed acknowledgement of a client's last segments would give
 * a cut owner credit back.
 *
 * Once a socket is closed its queues are gone, so the figure is taken at the moment it is destroyed
 * (`countDeliveredAtClose`); an abort then also resets the connection, so what was queued is really
 * dropped (a plain close would deliver it after the bill was taken).
 */
const atClose = new WeakMap<Socket, number>();

/**
 * Bytes of the client socket's writes that reached the client by now: never more than `written` (its
 * `bytesWritten`), and at least `since` (an earlier answer; acknowledged bytes only grow).
 */
export function deliveredOf(client: Socket, written: number, since: number): number {
  if (written <= since) return written;
  const closedAt = atClose.get(client);
  if (closedAt !== undefined) return clamp(closedAt, since, written);
  if (client.destroyed || !kernelQueues) return written;
  return clamp(sent(client, kernelQueues), since, written);
}

/** What the kernel sent of the socket's writes. */
function sent(client: Socket, queues: KernelQueues): number {
  const internals = client as unknown as {
    _bytesDispatched?: number;
    _handle?: { writeQueueSize?: number } | null;
  };
  const dispatched = internals._bytesDispatched ?? client.bytesWritten - client.writableLength;
  const takenByKernel = dispatched - (internals._handle?.writeQueueSize ?? 0);
  return takenByKernel - queues.unsent(client);
}

/**
 * From now on, destroying this client socket first takes how much of what it was written reached
 * the client (read back by `deliveredOf`). One shared function replaces Node's `_destroy` on the
 * socket, so a tunnel costs no closure for it; destroy paths of every kind (a reset, a write error,
 * an idle timeout, a cut) pass through it.
 */
export function countDeliveredAtClose(client: Socket): void {
  if (kernelQueues) client._destroy = destroyCountingDelivered;
}

// Called with the socket as `this`, as Node calls it.
// eslint-disable-next-line @typescript-eslint/unbound-method
const nodeDestroy = Socket.prototype._destroy;

function destroyCountingDelivered(
  this: Socket,
  error: Error | null,
  callback: (error?: Error | null) => void,
): void {
  // A socket that ended its writing and flushed it closes gracefully: the kernel still delivers what
  // it holds, so all of it is billed. Anything else is an abort.
  if (!this.writableFinished && kernelQueues) {
    atClose.set(this, sent(this, kernelQueues));
    if (kernelQueues.unsent(this) > 0) kernelQueues.dropOnClose(this);
  }
  nodeDestroy.call(this, error, callback);
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}
