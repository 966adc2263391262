import { bundleNode, type BundleTarget } from './node-bundle';

/**
 * Compiles the server, the gateway and the command-line tools to plain JavaScript (decision 022), so
 * production runs `node apps/server/dist/main.js` after `npm ci --omit=dev` with no TypeScript tool.
 */
const targets: BundleTarget[] = [
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
  await bundleNode(target);
  console.log(`built ${target.outdir}: ${Object.keys(target.entryPoints).join(', ')}`);
}
