import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, chmodSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@resiport/testkit';
import { processTree, stopPid } from './proc';

/**
 * Debian's squid (CONNECT) and dante-server (SOCKS5), the C peers of docs/performance.md, each run in
 * the foreground from a generated config in a temp dir, stopped by PID. CI machines are bare, so a
 * missing package is installed with apt when we are root; if that fails the peer is skipped, never
 * the bench.
 */

export interface PeerProxy {
  name: 'squid' | 'dante';
  port: number;
  /** The process to measure (with its descendants). */
  pid: number;
  stop(): Promise<void>;
}

const isRoot = process.getuid?.() === 0;

function findBinary(name: string): string | undefined {
  // Root's PATH has the sbin dirs; a user's often does not, yet the daemons live there.
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin'];
  return dirs.map((dir) => path.join(dir, name)).find((file) => file !== name && existsSync(file));
}

/** The daemon's path, installing `pkg` if needed and possible; undefined (with a printed reason) if not. */
function ensureBinary(name: string, pkg: string): string | undefined {
  const found = findBinary(name);
  if (found) return found;
  if (!isRoot) {
    console.log(`${name} not installed and not root: ${name} peer skipped.`);
    return undefined;
  }
  console.log(`${name} not found: apt-get install -y ${pkg} …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-q', pkg], { env, stdio: 'ignore', timeout: 300_000 }).status;
  // A fresh image may have no package lists yet: update once, then try again.
  if (install() !== 0) {
    spawnSync('apt-get', ['update', '-q'], { env, stdio: 'ignore', timeout: 300_000 });
    install();
  }
  const installed = findBinary(name);
  if (!installed) console.log(`apt-get install ${pkg} failed: ${name} peer skipped.`);
  return installed;
}

/** Resolves once `port` accepts a connection; rejects after `ms` or when the child exits. */
async function waitForPort(port: number, child: ChildProcess, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('exited at start');
    const socket = connect({ host: '127.0.0.1', port });
    const open = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
      socket.setTimeout(1000, () => resolve(false));
    });
    socket.destroy();
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`port ${port} not open after ${ms} ms`);
}

async function startPeer(
  name: PeerProxy['name'],
  binary: string,
  config: (dir: string, port: number) => { file: string; text: string; args: string[] },
): Promise<PeerProxy | undefined> {
  const dir = mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
  // The daemons drop root for an unprivileged user, who must still write logs and pid files here.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const { file, text, args } = config(dir, port);
  writeFileSync(path.join(dir, file), text);
  const child = spawn(binary, args, { cwd: dir, stdio: 'ignore' });
  child.once('error', () => undefined); // reported through waitForPort
  let seen: number[] = [];
  const stop = async () => {
    await stopPid(child, seen, path.basename(binary));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child);
  } catch (error) {
    await stop();
    console.log(`${name} did not start (${String(error)}): ${name} peer skipped.`);
    return undefined;
  }
  const pid = child.pid ?? 0;
  return {
    name,
    port,
    pid,
    stop: async () => {
      seen = processTree(pid).slice(1); // forked children, killed if they outlive their parent
      await stop();
    },
  };
}

export async function startSquid(maxFiles: number): Promise<PeerProxy | undefined> {
  const binary = ensureBinary('squid', 'squid');
  if (!binary) return undefined;
  return startPeer('squid', binary, (dir, port) => ({
    file: 'squid.conf',
    args: ['-N', '-f', path.join(dir, 'squid.conf')],
    text: [
      `http_port 127.0.0.1:${port}`,
      'acl SSL_ports port 1-65535',
      'acl CONNECT method CONNECT',
      'http_access allow localhost CONNECT SSL_ports',
      'http_access allow localhost',
      'http_access deny all',
      'cache deny all',
      'cache_mem 8 MB',
      // Access log on, as in a real deployment (a CONNECT tunnel is one line, written at its close).
      `access_log stdio:${dir}/access.log`,
      `cache_log ${dir}/cache.log`,
      `pid_filename ${dir}/squid.pid`,
      `coredump_dir ${dir}`,
      'netdb_filename none',
      'pinger_enable off',
      'visible_hostname bench',
      `max_filedescriptors ${Math.min(maxFiles, 65536)}`,
      'shutdown_lifetime 0 seconds',
      ...(isRoot ? ['cache_effective_user proxy'] : []),
      '',
    ].join('\n'),
  }));
}

export async function startDante(): Promise<PeerProxy | undefined> {
  const binary = ensureBinary('danted', 'dante-server');
  if (!binary) return undefined;
  return startPeer('dante', binary, (dir, port) => ({
    file: 'danted.conf',
    // Without -D dante stays in the foreground; -p keeps its pid file out of /run.
    args: ['-f', path.join(dir, 'danted.conf'), '-p', path.join(dir, 'danted.pid')],
    text: [
      `logoutput: ${dir}/danted.log`,
      `internal: 127.0.0.1 port = ${port}`,
      'external: 127.0.0.1',
      'clientmethod: none',
      'socksmethod: none',
      ...(isRoot ? ['user.privileged: root', 'user.unprivileged: nobody'] : []),
      'client pass {\n  from: 127.0.0.0/8 to: 0.0.0.0/0\n}',
      'socks pass {\n  from: 127.0.0.0/8 to: 0.0.0.0/0\n}',
      '',
    ].join('\n'),
  }));
}
