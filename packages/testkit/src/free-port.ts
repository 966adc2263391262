import { createServer } from 'node:net';

/*
 * Why not `listen(0)`: the OS answers from the ephemeral range (32768–60999 on Linux), the same range
 * it draws from for every outgoing connection. Between this probe closing and the real server (often a
 * child process) binding, a browser, a tunnel or another test's client could take the port — CI saw
 * `EADDRINUSE` that way. Ports below the ephemeral range are only ever taken by an explicit bind, so
 * each test process walks its own block there (keyed by vitest's pool id, unique among the workers of
 * one run) and probes each port before handing it out.
 */
const FIRST_PORT = 20_000;
const BLOCK_SIZE = 1_000;
const BLOCKS = 12; // 20000–31999, below the ephemeral range

const processKey = Number(process.env.VITEST_POOL_ID ?? process.pid);
const blockStart = FIRST_PORT + (processKey % BLOCKS) * BLOCK_SIZE;
let nextOffset = Math.floor(Math.random() * BLOCK_SIZE);

/** A TCP port on loopback that nothing is bound to, outside the OS's ephemeral range. */
export async function freePort(): Promise<number> {
  for (let tried = 0; tried < BLOCK_SIZE; tried++) {
    const port = blockStart + (nextOffset++ % BLOCK_SIZE);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port in ${blockStart}–${blockStart + BLOCK_SIZE - 1}`);
}

/** Binds every address (what a server listening on `::` or `0.0.0.0` needs) and lets go. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}
