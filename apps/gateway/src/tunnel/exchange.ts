import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Flow, Spender } from './relay';

/**
 * One plain-HTTP exchange's data path. node:http parses both sides (heads, chunked and
 * `Content-Length` bodies, `Expect: 100-continue`); the bodies are moved here chunk by chunk with the
 * relay's two reasons to stop reading, tracked apart: backpressure (the other side's write buffer is
 * full: wait for its 'drain') and credit (`hold`: wait for `release`). A body moves only when neither
 * applies.
 *
 * Not `pipe()`: its flow control resumes the source whenever the destination drains, whatever else
 * paused it, so a hold did not stop a plain-HTTP download (a 1 MB sub-account once took 50 MB in one
 * request). Here nothing but `release` and a drain resumes a body, and each only when the other
 * reason does not apply.
 *
 * Credit is spent as the raw sockets read (the heads and the chunk framing are bytes the customer
 * moved through us too). While held, node:http may still read ahead into a paused body up to its
 * buffer (16 KiB) plus one socket read (64 KiB: plain-HTTP upstreams never get a bulk buffer), and
 * none of that reaches the other side until the release: within the tunnel's bound.
 */

/** The exchange billing each client connection's reads right now (one at a time: `inTurn`). */
const exchangeOn = new WeakMap<Socket, Exchange>();
function spendClientRead(this: Socket, chunk: Buffer): void {
  exchangeOn.get(this)?.spendRead(chunk);
}

/**
 * Makes a client connection's reads spendable by its exchanges: called once node:http has the
 * connection, before it read anything from it. node:http reads a fresh connection natively, where no
 * 'data' event shows a byte; adding a 'data' listener moves it back to JS reads. Done at once, that
 * is free. Done per exchange, as it once was, it came after node:http had stopped its native read
 * for a full body buffer, and the JS reads were never started: a POST whose body came with its head
 * hung at 64 KiB until the client gave up. Done before node:http took the connection, the bytes were
 * read natively and never spent (an upload went 70 MB past a 1 MB owner).
 */
export function spendClientReads(client: Socket): void {
  client.on('data', spendClientRead);
}

export class Exchange implements Flow {
  private held = false;
  private upBlocked = false;
  private downBlocked = false;
  /** Set once the body has somewhere to go: resuming a body with no reader would drop its bytes. */
  private sending = false;
  private response: IncomingMessage | undefined;
  /** Spends a chunk either raw socket read (the client's, through `spendClientReads`). */
  readonly spendRead: (chunk: Buffer) => void;

  constructor(
    private readonly client: Socket,
    private readonly upstream: Socket,
    spender: Spender,
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {
    this.spendRead = (chunk) => spender.spend(chunk.length);
    exchangeOn.set(client, this);
    upstream.on('data', this.spendRead);
  }

  /** Sends the request body to the exit as it arrives, then ends the request. */
  sendBody(outgoing: ClientRequest): void {
    const { req } = this;
    this.sending = true;
    // Paused before the listener goes on: adding a 'data' listener resumes a stream not paused.
    if (this.held) req.pause();
    req.on('data', (chunk: Buffer) => {
      if (outgoing.write(chunk)) return;
      this.upBlocked = true;
      req.pause();
    });
    outgoing.on('drain', () => {
      this.upBlocked = false;
      if (!this.held) req.resume();
    });
    req.on('end', () => outgoing.end());
  }

  /** Sends the exit's response to the client: its head at once, its body as it arrives. */
  answer(incoming: IncomingMessage, headers: string[]): void {
    const { res } = this;
    this.response = incoming;
    res.writeHead(incoming.statusCode ?? 502, incoming.statusMessage, headers);
    if (this.held) incoming.pause();
    incoming.on('data', (chunk: Buffer) => {
      if (res.write(chunk)) return;
      this.downBlocked = true;
      incoming.pause();
    });
    res.on('drain', () => {
      this.downBlocked = false;
      if (!this.held) incoming.resume();
    });
    incoming.on('end', () => res.end());
    incoming.on('error', () => res.destroy());
  }

  /** The upstream socket, handed over paused by its handshake, may start reading. */
  upstreamReady(): void {
    if (!this.held) this.upstream.resume();
  }

  /** The request is over; the client connection may carry the next one (another exchange). */
  stop(): void {
    if (exchangeOn.get(this.client) === this) exchangeOn.delete(this.client);
    this.upstream.off('data', this.spendRead);
  }

  hold(): void {
    this.held = true;
    this.req.pause();
    this.response?.pause();
    this.client.pause();
    this.upstream.pause();
  }

  release(): void {
    this.held = false;
    // The raw sockets too: a hold may have paused them between node:http's own pauses and resumes.
    this.client.resume();
    this.upstream.resume();
    if (this.sending && !this.upBlocked) this.req.resume();
    if (!this.downBlocked) this.response?.resume();
  }
}
