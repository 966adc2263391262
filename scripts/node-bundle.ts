import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * How the server, the gateway and the command-line tools are compiled to plain JavaScript (decision
 * 022): our workspace packages (`@resiport/*`, whose exports point at TypeScript sources) are bundled
 * in; every npm dependency stays external and is loaded from node_modules as usual (native argon2,
 * PGlite's wasm, pino's worker threads all keep working as installed). The gateway bench builds the
 * gateway the same way, so it measures what operators run.
 */
export const root = fileURLToPath(new URL('..', import.meta.url));

const workspaceInlined: Plugin = {
  name: 'external-npm-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@resiport/') ? undefined : { path: args.path, external: true },
    );
  },
};

export interface BundleTarget {
  /** Relative to the repository root. */
  outdir: string;
  entryPoints: Record<string, string>;
}

/** Empties `outdir` and writes one ESM bundle per entry point into it. */
export async function bundleNode(target: BundleTarget): Promise<void> {
  await rm(path.join(root, target.outdir), { recursive: true, force: true });
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
}
