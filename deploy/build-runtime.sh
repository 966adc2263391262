#!/usr/bin/env bash
# The Dockerfile's build stage as a script, so CI runs exactly it on a fresh clone (no container
# engine there). From a checkout: install everything, build, drop dev dependencies, and assemble
# OUT_DIR with only what production runs — the compiled server, gateway and CLIs, the built web app,
# production node_modules and the health check. No TypeScript source and no dev tool reaches OUT_DIR.
set -euo pipefail
out="${1:?usage: deploy/build-runtime.sh OUT_DIR}"
cd "$(dirname "$0")/.."

npm ci --no-audit --no-fund --loglevel=error
npm run build --silent
npm prune --omit=dev --no-audit --no-fund --loglevel=error

mkdir -p "$out/apps/server" "$out/apps/gateway" "$out/apps/web" "$out/deploy" "$out/data"
cp package.json "$out/"
cp -R apps/server/dist "$out/apps/server/dist"
cp -R apps/gateway/dist "$out/apps/gateway/dist"
cp -R apps/web/dist "$out/apps/web/dist"
cp deploy/healthcheck.js "$out/deploy/"
cp -R node_modules "$out/node_modules"
# Our own packages are bundled into dist; their workspace links would point at sources left behind.
rm -rf "$out/node_modules/@resiport" "$out/node_modules/.package-lock.json"
echo "runtime assembled in $out"
