import { readyPorts, startChild, stopPid } from './proc';

/** Starts bench/lib/origin-server.ts serving `size` bytes at `/big`; stop it with `stop()`. */
export async function startOrigin(size: number): Promise<{ port: number; stop(): Promise<void> }> {
  const { child, ready } = await startChild(
    'bench/lib/origin-server.ts',
    ['0', String(size)],
    {},
    readyPorts,
  );
  return { port: ready[0] ?? 0, stop: () => stopPid(child) };
}
