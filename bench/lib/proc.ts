import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** A child process started with tsx, resolved once it prints `readyText`. */
export async function startChild(
  script: string,
  args: string[],
  env: Record<string, string>,
  readyText: string,
): Promise<ChildProcess> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [script, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start`)), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(readyText)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => reject(new Error(`${script} exited`)));
  });
  child.stdout.resume();
  return child;
}

/** CPU seconds (user + system) a process and its threads have used, from /proc. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Resident memory of a process, in bytes. */
export function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

/** The real node process under tsx's wrapper (tsx spawns node as its child). */
export function nodePidOf(child: ChildProcess): number {
  const pid = child.pid ?? 0;
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return Number(children[0] ?? pid);
  } catch {
    return pid;
  }
}
