import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TICKS_PER_SECOND = 100; // Linux USER_HZ

/**
 * What the bench's own servers print once they listen: `ready <port> [<port>]`, the ports they got (they
 * are started on port 0 and bind free ports themselves).
 */
export function readyPorts(output: string): number[] | undefined {
  const line = /^ready( \d+)+$/m.exec(output)?.[0];
  return line?.split(' ').slice(1).map(Number);
}

/**
 * A child process started with tsx, or with plain node for compiled JavaScript (`.js`), resolved once
 * its output so far gives `ready` an answer (the ports it reports: `readyPorts`, or the gateway's
 * `gatewayListening`), with that answer; `nodeArgs` go to node.
 */
export async function startChild<T>(
  script: string,
  args: string[],
  env: Record<string, string>,
  ready: (output: string) => T | undefined,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; ready: T }> {
  const runner = script.endsWith('.js') ? process.execPath : path.join(root, 'node_modules/.bin/tsx');
  const child = spawn(runner, [...nodeArgs, script, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  try {
    const answer = await new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${script} did not start`)), 30_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const found = ready(output);
        if (found === undefined) return;
        clearTimeout(timer);
        child.stdout.off('data', read);
        resolve(found);
      };
      child.stdout.on('data', read);
      child.once('exit', () => reject(new Error(`${script} exited:\n${output}`)));
    });
    child.stdout.resume();
    return { child, ready: answer };
  } catch (error) {
    child.kill('SIGKILL'); // a half-started child must not outlive the bench
    throw error;
  }
}

function statFields(pid: number): string[] {
  // The command name may contain spaces; fields after ") " are fixed (proc(5), from field 3 on).
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
}

/** CPU seconds (user + system) a process and its threads have used, from /proc. */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** A process and all its live descendants (children of any of its threads), parents first. */
export function processTree(pid: number): number[] {
  const seen = [pid];
  // for-of over an array also visits what is pushed during the walk: a breadth-first search.
  for (const parent of seen) {
    try {
      for (const task of readdirSync(`/proc/${parent}/task`)) {
        const children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').trim();
        for (const child of children.split(/\s+/).filter(Boolean)) seen.push(Number(child));
      }
    } catch {
      // The process exited while we looked: it simply has no children any more.
    }
  }
  return seen;
}

/**
 * CPU seconds of a process tree: every live member's own time, plus the time of children its members
 * have already reaped (cutime/cstime), so forking servers (dante) are charged for short-lived children
 * too. Children that exited but were not yet reaped, or whose parent left the tree, are missed.
 */
export function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const member of processTree(pid)) {
    try {
      const f = statFields(member);
      ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      // Gone between listing and reading: its time now sits in its parent's cutime.
    }
  }
  return ticks / TICKS_PER_SECOND;
}

function statusKb(pid: number, file: string, key: string): number {
  try {
    const line = readFileSync(`/proc/${pid}/${file}`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(key));
    return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Resident memory of a process, in bytes. */
export function rssBytes(pid: number): number {
  return statusKb(pid, 'status', 'VmRSS:') * 1024;
}

/** Summed RSS of a process tree (shared pages counted once per process, so it overstates forks). */
export function treeRssBytes(pid: number): number {
  return processTree(pid).reduce((sum, member) => sum + rssBytes(member), 0);
}

/** Summed PSS of a process tree: shared pages split between their users (what forks really cost). */
export function treePssBytes(pid: number): number {
  return processTree(pid).reduce((sum, member) => sum + statusKb(member, 'smaps_rollup', 'Pss:') * 1024, 0);
}

/** The soft limit on open files of this process (children inherit it). */
export function openFilesLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1] ?? 'unlimited';
  return soft === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(soft);
}

/** The real node process under tsx's wrapper (tsx spawns node as its child); plain node is itself. */
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

/**
 * SIGTERM a process, SIGKILL it if it is not gone within `graceMs`, then SIGKILL any of the
 * `stragglers` (descendants listed earlier) still alive under the same command name `comm`, so a
 * recycled PID is never hit.
 */
export async function stopPid(child: ChildProcess, stragglers: number[] = [], comm = ''): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 5000).unref());
    if ((await Promise.race([exited, timer])) === 'late') child.kill('SIGKILL');
  }
  for (const pid of stragglers) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === comm) process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone, as it should be.
    }
  }
}
