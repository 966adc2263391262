import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';

/**
 * A process under test (API, gateway, nginx), started with an explicit environment: its output
 * goes to `<name>.log` in the run's directory and is kept in memory for readiness checks and for the
 * tail printed when the run fails. Every process started here is registered, so the run can SIGKILL
 * whatever is still alive when it ends, however it ends.
 */
export interface ManagedProcess {
  name: string;
  pid: number;
  logFile: string;
  /** Everything it printed so far (stdout and stderr interleaved). */
  output(): string;
  running(): boolean;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, no chance to flush or clean up; resolves once the process is gone. */
  sigkill(): Promise<void>;
  /** SIGTERM (a graceful stop) and its exit code; SIGKILL after `timeoutMs` (then null). */
  stop(timeoutMs?: number): Promise<number | null>;
}

const everyProcess: ManagedProcess[] = [];

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; logDir: string },
): ManagedProcess {
  const logFile = path.join(options.logDir, `${name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  // Only what we pass: nothing from the caller's environment leaks into the configuration under test.
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${name}: ${command} could not be started`);
  const chunks: string[] = [];
  const collect = (chunk: Buffer) => {
    chunks.push(chunk.toString());
    log.write(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      log.end();
      resolve({ code, signal });
    }),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  const managed: ManagedProcess = {
    name,
    pid: child.pid,
    logFile,
    output: () => chunks.join(''),
    running,
    exited,
    sigkill: async () => {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
    stop: async (timeoutMs = 20_000) => {
      if (running()) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const { code } = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  everyProcess.push(managed);
  return managed;
}

/** SIGKILLs every process this run started that is still alive (the run's last cleanup step). */
export async function killEverything(): Promise<void> {
  await Promise.all(everyProcess.map((p) => p.sigkill()));
}

/** The last `lines` lines a process printed, for the failure report. */
export function tail(process: ManagedProcess, lines = 25): string {
  return process.output().trimEnd().split('\n').slice(-lines).join('\n');
}

/** Every process this run started, alive or not, for the failure report. */
export function startedProcesses(): readonly ManagedProcess[] {
  return everyProcess;
}
