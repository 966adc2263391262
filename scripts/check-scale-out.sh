#!/usr/bin/env bash
# CI (decision 023): the compose topology as real processes. nginx runs the shipped
# deploy/nginx.conf (rendered with local addresses) in front of two compiled API processes on one fresh
# PostgreSQL database; two compiled gateways reach the API through its internal listener; a customer
# signs up, tops up, buys traffic and downloads through both gateways; one API process and one gateway
# are SIGKILLed mid-download and restarted; then the compiled ledger audit and the traffic and money
# conservation checks (scripts/scale-out/main.ts).
# Runs in this checkout with its node_modules (npm ci done). It uses the compiled output `npm test`
# leaves behind (test:e2e runs `npm run build`), and builds first only when that is missing or older
# than the sources. Needs nginx (Debian's package) and PostgreSQL at SCALE_OUT_DATABASE_URL (default
# postgres://postgres@127.0.0.1:5432/postgres, where it creates and drops a database of its own).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

[ -d node_modules ] || { echo "FAIL: no node_modules: run npm ci first"; exit 1; }
nginx_bin="$(command -v nginx || true)"
[ -n "$nginx_bin" ] || [ ! -x /usr/sbin/nginx ] || nginx_bin=/usr/sbin/nginx
[ -n "$nginx_bin" ] || { echo "FAIL: nginx not found (apt-get install -y nginx)"; exit 1; }
database_url="${SCALE_OUT_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
pg_isready -d "$database_url" -q || { echo "FAIL: PostgreSQL is not accepting connections at $database_url"; exit 1; }

compiled=(apps/server/dist/main.js apps/server/dist/cli/migrate.js apps/server/dist/cli/audit.js
  apps/gateway/dist/main.js apps/web/dist/index.html)
stale=""
for file in "${compiled[@]}"; do
  [ -e "$file" ] || stale="$file is missing"
done
if [ -z "$stale" ]; then
  newer="$(find apps/server/src apps/gateway/src apps/web/src packages/*/src -type f \
    -newer apps/server/dist/main.js -print -quit)"
  [ -z "$newer" ] || stale="$newer is newer than the build"
fi
if [ -n "$stale" ]; then
  echo "== scale-out: building ($stale)"
  npm run build --silent
fi

echo "== scale-out: $("$nginx_bin" -v 2>&1), node $(node --version)"
SCALE_OUT_NGINX="$nginx_bin" SCALE_OUT_DATABASE_URL="$database_url" npx tsx scripts/scale-out/main.ts
