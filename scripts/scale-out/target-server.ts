import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Largest body the target serves; downloads pick sizes up to this. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Bodies go out paced, 64 KiB every 4 ms (about 16 MB/s per download, a 4 MiB body in ¼ s): a kill
 * then lands in the middle of bodies whose rest does not exist yet (not sitting in some buffer), and
 * the four downloads leave the two cores enough time for the API processes and PostgreSQL.
 */
const CHUNK_BYTES = 65_536;
const CHUNK_INTERVAL_MS = 4;

async function sendPaced(response: ServerResponse, body: Buffer): Promise<void> {
  for (let offset = 0; offset < body.length && !response.destroyed; offset += CHUNK_BYTES) {
    response.write(body.subarray(offset, offset + CHUNK_BYTES));
    await sleep(CHUNK_INTERVAL_MS);
  }
  response.end();
}

export interface TargetServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The site customers download from, on loopback: `GET /bytes/N` answers N bytes (N ≤ 4 MiB) with a
 * Content-Length, so a client can tell a complete download from one cut short; paced (above).
 */
export async function startTargetServer(): Promise<TargetServer> {
  const body = Buffer.alloc(MAX_BODY_BYTES, 0x78);
  const server: Server = createServer((request, response) => {
    const size = Number(/^\/bytes\/(\d+)$/.exec(request.url ?? '')?.[1] ?? NaN);
    if (!Number.isInteger(size) || size > MAX_BODY_BYTES) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
    void sendPaced(response, body.subarray(0, size));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
