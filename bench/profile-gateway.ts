import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeServer } from '../apps/gateway/test/fake-server';
import { bulkOnce, MB, shortTunnelCpu, type Variant } from './lib/gateway-measure';
import { startGateway, startPipe, type NodeProxy } from './lib/node-proxies';
import { startOrigin } from './lib/origin';
import { summarizeProfile } from './lib/cpu-profile';

/**
 * `npm run bench -- profile-gateway` (docs/performance.md): one gateway and one bare pipe under
 * `--cpu-prof`, a bulk download and short tunnels through each, then the functions that took the
 * most CPU in each profile, side by side. The .cpuprofile files stay in bench/results/profiles/ for
 * Chrome DevTools or speedscope. Environment: BENCH_PROFILE_MB (default 1024), BENCH_PROFILE_SHORT
 * (default 2000), BENCH_PROFILE_PROTOCOL (connect | socks5; default connect).
 */

const USER = 'benchuser00001';
const PASS = 'bench-pass-0001';
const PROFILES = fileURLToPath(new URL('./results/profiles/', import.meta.url));

export async function runGatewayProfile(): Promise<void> {
  const size = Number(process.env.BENCH_PROFILE_MB ?? 1024) * MB;
  const short = Number(process.env.BENCH_PROFILE_SHORT ?? 2000);
  const protocol = process.env.BENCH_PROFILE_PROTOCOL === 'socks5' ? 'socks5' : 'connect';
  await rm(PROFILES, { recursive: true, force: true });
  const fake = await startFakeServer();
  fake.addUser(USER, PASS, 1e15);
  const origin = await startOrigin(size);
  const nodes: NodeProxy[] = [];
  try {
    for (const family of ['gateway', 'pipe'] as const) {
      const dir = path.join(PROFILES, family);
      await mkdir(dir, { recursive: true });
      const flags = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
      const node =
        family === 'gateway' ? await startGateway('p', fake.url, 100, flags) : await startPipe('p', flags);
      nodes.push(node);
      const port = protocol === 'connect' ? node.connectPort : node.socksPort;
      const credentials = family === 'gateway' ? { credentials: { user: USER, pass: PASS } } : {};
      const v: Variant = {
        name: node.name,
        family,
        protocol,
        target: { protocol, port, ...credentials },
        pid: node.pid,
      };
      const bulk = await bulkOnce(v, origin.port, size);
      const tunnels = await shortTunnelCpu(v, origin.port, short);
      console.log(
        `${family} ${protocol}: ${bulk.mbps.toFixed(0)} MB/s, ${bulk.cpuPerGib.toFixed(2)} CPU s/GiB, ` +
          `${tunnels.usPerTunnel.toFixed(0)} µs CPU per short tunnel`,
      );
      await node.stop(); // the profile is written on exit
    }
  } finally {
    for (const node of nodes) await node.stop().catch(() => undefined);
    await origin.stop();
    await fake.close();
  }
  for (const family of ['gateway', 'pipe']) {
    const dir = path.join(PROFILES, family);
    // tsx's wrapper writes a tiny profile too: the largest file is the proxy's.
    const files = await Promise.all(
      (await readdir(dir)).map(async (name) => ({
        name,
        text: await readFile(path.join(dir, name), 'utf8'),
      })),
    );
    const main = files.sort((a, b) => b.text.length - a.text.length)[0];
    if (!main) continue;
    console.log(`\n${family}: ${path.join(dir, main.name)}`);
    summarizeProfile(JSON.parse(main.text) as Parameters<typeof summarizeProfile>[0]);
  }
}
