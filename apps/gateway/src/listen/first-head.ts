import type { Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';
import { readConnectHead, type ConnectHead } from './connect-head';
import { endWith } from './common';
import { rawResponse } from './http-refusal';
import { spendClientReads } from '../tunnel/exchange';

/**
 * The HTTP port's first look at a connection (decision 034): a first CONNECT head is read here and
 * tunnelled without node:http; any other connection is handed to node:http as if just accepted.
 */

/**
 * Reads a connection's first bytes until they are a whole CONNECT head or cannot be one (at most the
 * few packets that spell out `CONNECT `). A client that ends its side before either gets node:http's
 * answer to what it sent (a 400).
 */
export function readFirstHead(
  socket: Socket,
  maxHeadBytes: number,
  then: { connect: (head: ConnectHead, early: Buffer) => void; other: (received: Buffer) => void },
): void {
  let received: Buffer | undefined;
  const decided = () => {
    socket.off('data', onData);
    socket.off('end', onEnd);
    socket.pause();
  };
  const onData = (chunk: Buffer) => {
    received = received ? Buffer.concat([received, chunk]) : chunk;
    const head = readConnectHead(received, maxHeadBytes);
    if (head === 'incomplete') return;
    decided();
    if (head === 'other') then.other(received);
    else then.connect(head, received.subarray(head.end));
  };
  const onEnd = () => {
    decided();
    if (received) endWith(socket, rawResponse(400, { 'Content-Length': '0', Connection: 'close' }));
    else socket.end();
  };
  socket.on('data', onData);
  socket.once('end', onEnd);
}

/**
 * Gives a connection to node:http as if it had just been accepted, with the bytes read so far put
 * back first. They are emitted on the next tick, before any later read reaches node:http's parser.
 */
export function handOver(http: HttpServer, socket: Socket, received: Buffer): void {
  socket.unshift(received);
  http.emit('connection', socket);
  // Right after node:http took the connection, before it read anything (see spendClientReads).
  spendClientReads(socket);
  process.nextTick(resumeSocket, socket);
}

const resumeSocket = (socket: Socket) => socket.resume();
