import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * Compiles the server, the gateway and the command-line tools to plain JavaScript (decision 022), so
 * production runs `node apps/server/dist/main.js` after `npm ci --omit=dev` with no TypeScript tool.
 * Our workspace packages (`@resiport/*`, whose exports point at TypeScript sources) are bundled in;
 * every npm dependency stays external and is loaded from node_modules as usual (native argon2, PGlite's
 * wasm, pino's worker threads all keep working as installed).
 */
const root = fileURLToPath(new URL('..', import.meta.url));

const workspaceInlined: Plugin = {
  name: 'external-npm-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@resiport/') ? undefined : { path: args.path, external: true },
    );
  },
};

const targets: { outdir: string; entryPoints: Record<string, string> }[] = [
  {
    outdir: 'apps/server/dist',
    entryPoints: {
      main: 'apps/server/src/main.ts',
      'cli/admin': 'apps/server/src/cli/admin.ts',
      'cli/audit': 'apps/server/src/cli/audit.ts',
      'cli/migrate': 'apps/server/src/cli/migrate.ts',
    },
  },
  { outdir: 'apps/gateway/dist', entryPoints: { main: 'apps/gateway/src/main.ts' } },
];

for (const target of targets) {
  await rm(new URL(target.outdir, `file://${root}/`), { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: target.entryPoints,
    outdir: target.outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    plugins: [workspaceInlined],
    logLevel: 'warning',
  });
  console.log(`built ${target.outdir}: ${Object.keys(target.entryPoints).join(', ')}`);
}
