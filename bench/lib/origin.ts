import { freePort } from '@resiport/testkit';
import { startChild, stopPid } from './proc';

/** Starts bench/lib/origin-server.ts serving `size` bytes at `/big`; stop it with `stop()`. */
export async function startOrigin(size: number): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const child = await startChild('bench/lib/origin-server.ts', [String(port), String(size)], {}, 'ready');
  return { port, stop: () => stopPid(child) };
}
