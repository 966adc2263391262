import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { freePort } from '@resiport/testkit';
import { startFakeServer, TEST_SECRET } from '../apps/gateway/test/fake-server';
import { cpuSeconds, nodePidOf, rssBytes, startChild } from './lib/proc';
import { printTable } from './lib/table';

/**
 * `npm run bench -- gateway` (gateway-anchors §6): the gateway with auth, metering and leases on, against a
 * bare Node pipe proxy and against no proxy at all, side by side in one run, two processes of each proxy
 * (Node processes differ by up to 40%). Prints MB/s and proxy CPU seconds per GiB for a bulk download,
 * proxy CPU µs per short tunnel, and RSS per idle tunnel, with the gateway/pipe ratios.
 * BENCH_GATEWAY_MB (default 512) sets the download size; BENCH_GATEWAY_IDLE (default 2000) the idle tunnels.
 */

const MB = 1_000_000;
const GIB = 1024 ** 3;
const USER = 'benchuser00001';
const PASS = 'bench-pass-0001';
const AUTH = `Basic ${Buffer.from(`${USER}:${PASS}`).toString('base64')}`;

function startOrigin(size: number): Promise<Server> {
  const chunk = Buffer.alloc(MB, 0x61);
  const server = createServer((req, res) => {
    if (req.url !== '/big') return void res.end('ok');
    res.writeHead(200, { 'content-length': String(size) });
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const piece = size - sent >= chunk.length ? chunk : chunk.subarray(0, size - sent);
        sent += piece.length;
        if (!res.write(piece)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** One request to the origin, through a CONNECT proxy or straight; resolves with the bytes received. */
function fetchOnce(origin: number, path: string, proxy?: { port: number; auth?: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: '127.0.0.1', port: proxy?.port ?? origin });
    let received = 0;
    let tunnelled = proxy === undefined;
    const request = () => socket.write(`GET ${path} HTTP/1.1\r\nHost: origin\r\nConnection: close\r\n\r\n`);
    socket.once('connect', () => {
      if (!proxy) return request();
      const auth = proxy.auth ? `Proxy-Authorization: ${proxy.auth}\r\n` : '';
      socket.write(`CONNECT 127.0.0.1:${origin} HTTP/1.1\r\nHost: 127.0.0.1:${origin}\r\n${auth}\r\n`);
    });
    socket.on('data', (chunk: Buffer) => {
      if (tunnelled) return void (received += chunk.length);
      if (!chunk.toString('latin1').startsWith('HTTP/1.1 200')) {
        return reject(new Error(chunk.toString().split('\r\n')[0]));
      }
      tunnelled = true;
      request();
    });
    socket.once('error', reject);
    socket.once('close', () => resolve(received));
  });
}

/** Opens a CONNECT tunnel and leaves it open (idle). */
function idleTunnel(origin: number, proxy: { port: number; auth?: string }): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: proxy.port });
    socket.once('connect', () => {
      const auth = proxy.auth ? `Proxy-Authorization: ${proxy.auth}\r\n` : '';
      socket.write(`CONNECT 127.0.0.1:${origin} HTTP/1.1\r\nHost: x\r\n${auth}\r\n`);
    });
    socket.once('data', (chunk: Buffer) =>
      chunk.toString('latin1').startsWith('HTTP/1.1 200') ? resolve(socket) : reject(new Error('refused')),
    );
    socket.once('error', reject);
  });
}

interface Variant {
  name: string;
  kind: 'pipe' | 'gateway';
  port: number;
  auth?: string;
  child: ChildProcess;
  pid: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function runGatewayBench(): Promise<void> {
  const size = Number(process.env.BENCH_GATEWAY_MB ?? 512) * MB;
  const idleCount = Number(process.env.BENCH_GATEWAY_IDLE ?? 2000);
  const origin = await startOrigin(size);
  const originPort = (origin.address() as AddressInfo).port;
  const fake = await startFakeServer();
  fake.addUser(USER, PASS, 1e15);

  const variants: Variant[] = [];
  for (const instance of ['a', 'b']) {
    const pipePort = await freePort();
    const pipe = await startChild('bench/lib/pipe-proxy.ts', [String(pipePort)], {}, 'ready');
    variants.push({
      name: `pipe-${instance}`,
      kind: 'pipe',
      port: pipePort,
      child: pipe,
      pid: nodePidOf(pipe),
    });
    const [httpPort, socksPort] = [await freePort(), await freePort()];
    const gateway = await startChild(
      'apps/gateway/src/main.ts',
      [],
      {
        INTERNAL_SECRET: TEST_SECRET,
        GATEWAY_SERVER_URL: fake.url,
        GATEWAY_HOST: '127.0.0.1',
        GATEWAY_HTTP_PORT: String(httpPort),
        GATEWAY_SOCKS_PORT: String(socksPort),
        GATEWAY_ALLOW_PRIVATE: 'true',
        GATEWAY_INSTANCE_ID: `bench-${instance}`,
        GATEWAY_AUTH_FAILURES_PER_MINUTE: '100000',
      },
      'gateway listening',
    );
    variants.push({
      name: `gateway-${instance}`,
      kind: 'gateway',
      port: httpPort,
      auth: AUTH,
      child: gateway,
      pid: nodePidOf(gateway),
    });
  }

  try {
    // Bulk: interleaved rounds, so machine noise hits every variant alike.
    const bulk = new Map<string, { mbps: number[]; cpuPerGib: number[] }>();
    const direct: number[] = [];
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      await fetchOnce(originPort, '/big');
      direct.push(size / MB / ((performance.now() - started) / 1000));
      for (const v of variants) {
        const cpuBefore = cpuSeconds(v.pid);
        const t0 = performance.now();
        const got = await fetchOnce(originPort, '/big', v);
        const seconds = (performance.now() - t0) / 1000;
        if (got < size) throw new Error(`${v.name}: short download (${got} bytes)`);
        const entry = bulk.get(v.name) ?? { mbps: [], cpuPerGib: [] };
        entry.mbps.push(size / MB / seconds);
        entry.cpuPerGib.push((cpuSeconds(v.pid) - cpuBefore) / (size / GIB));
        bulk.set(v.name, entry);
      }
    }

    // Short tunnels: CONNECT + one small GET, 16 at a time.
    const shortTunnels = 2000;
    const perTunnel = new Map<string, number>();
    for (const v of variants) {
      const cpuBefore = cpuSeconds(v.pid);
      for (let done = 0; done < shortTunnels; done += 16) {
        await Promise.all(Array.from({ length: 16 }, () => fetchOnce(originPort, '/small', v)));
      }
      perTunnel.set(v.name, ((cpuSeconds(v.pid) - cpuBefore) / shortTunnels) * 1e6);
    }

    // Idle tunnels: RSS growth per open tunnel.
    const perIdle = new Map<string, number>();
    for (const v of variants) {
      global.gc?.();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = rssBytes(v.pid);
      const sockets: Socket[] = [];
      for (let i = 0; i < idleCount; i += 50) {
        sockets.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(50, idleCount - i) }, () => idleTunnel(originPort, v)),
          )),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      perIdle.set(v.name, (rssBytes(v.pid) - before) / idleCount);
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const rows = variants.map((v) => {
      const b = bulk.get(v.name) ?? { mbps: [], cpuPerGib: [] };
      return [
        v.name,
        median(b.mbps).toFixed(0),
        median(b.cpuPerGib).toFixed(2),
        (perTunnel.get(v.name) ?? 0).toFixed(0),
        ((perIdle.get(v.name) ?? 0) / 1000).toFixed(1),
      ];
    });
    rows.unshift(['no proxy', median(direct).toFixed(0), '-', '-', '-']);
    console.log(
      `bulk: ${size / MB} MB × 3 rounds per process; ${shortTunnels} short tunnels; ${idleCount} idle tunnels`,
    );
    printTable(['variant', 'MB/s', 'CPU s/GiB', 'µs CPU/tunnel', 'kB RSS/idle tunnel'], rows);

    const pooled = (kind: Variant['kind'], pick: (name: string) => number) =>
      median(variants.filter((v) => v.kind === kind).map((v) => pick(v.name)));
    const cpu = (name: string) => median(bulk.get(name)?.cpuPerGib ?? []);
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
    console.log(
      `\ngateway / bare pipe, CPU per GiB: ${ratio(pooled('gateway', cpu), pooled('pipe', cpu))} (goal ≤ 1.2)`,
    );
    console.log(
      `gateway µs CPU per short tunnel: ${pooled('gateway', (n) => perTunnel.get(n) ?? 0).toFixed(0)} (goal ≤ 150; pipe ${pooled('pipe', (n) => perTunnel.get(n) ?? 0).toFixed(0)})`,
    );
    console.log(
      `gateway kB per idle tunnel: ${(pooled('gateway', (n) => perIdle.get(n) ?? 0) / 1000).toFixed(1)} (goal ≤ 20; pipe ${(pooled('pipe', (n) => perIdle.get(n) ?? 0) / 1000).toFixed(1)})`,
    );
    console.log(
      `gateway throughput / no proxy: ${ratio(
        pooled('gateway', (n) => median(bulk.get(n)?.mbps ?? [])),
        median(direct),
      )}`,
    );
    console.log('squid and dante-server comparisons: not yet in this run (next step).');
  } finally {
    // Gateways flush their usage and return their leases on SIGTERM: let them, then stop the fake server.
    await Promise.all(
      variants.map(
        (v) =>
          new Promise<void>((resolve) => {
            v.child.once('exit', () => resolve());
            v.child.kill('SIGTERM');
          }),
      ),
    );
    origin.close();
    await fake.close();
  }
}
