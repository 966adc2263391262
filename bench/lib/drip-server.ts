import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A paced origin, in its own process: `tsx bench/lib/drip-server.ts <port> <bytes per second>` (port 0:
 * any free one; it prints `ready <port>`). Every connection is sent its share of the pace every 250 ms,
 * from one shared buffer, until it closes: an owner's steady download, many of them at once.
 */
const TICK_MS = 250;
const [port = 0, bytesPerSecond = 8000] = process.argv.slice(2).map(Number);
const piece = Buffer.alloc(Math.max(1, Math.round((bytesPerSecond * TICK_MS) / 1000)), 0x61);
const open = new Set<Socket>();

const server = createServer((socket) => {
  socket.on('error', () => undefined);
  socket.on('close', () => open.delete(socket));
  open.add(socket);
});
// One timer for every connection: a slow client (its buffer full) is skipped, not queued behind.
setInterval(() => {
  for (const socket of open) if (socket.writableLength < piece.length * 4) socket.write(piece);
}, TICK_MS);
server.listen(port, '127.0.0.1', () => console.log(`ready ${(server.address() as AddressInfo).port}`));
