#!/usr/bin/env bash
# CI (decisions 022, 023): the Dockerfile's build stage (deploy/build-runtime.sh) run as it
# is on a copy of the checkout, and its output run the way the image runs it — from a directory with
# the compiled output and production dependencies only (no TypeScript source, no tsx/vite/esbuild):
# the API serves /api and /client, the in-process gateway answers, the image's health check passes
# (and fails once the server is gone), the compiled migrate and audit run, and a publicly reachable
# start without explicit choices is refused.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { [ -f "$work/server.log" ] && tail -40 "$work/server.log"; echo "FAIL: $*"; exit 1; }

echo "== compiled start: the image's build stage on a copy of the checkout"
mkdir -p "$work/src"
(cd "$root" && git ls-files -z | xargs -0 tar -cf - 2>/dev/null) | tar -xf - -C "$work/src"
"$work/src/deploy/build-runtime.sh" "$work/app"
cd "$work/app"
for dev_tool in tsx vite esbuild vitest; do
  [ -e "node_modules/$dev_tool" ] && fail "$dev_tool is in the runtime after npm prune --omit=dev"
done
sources=$(find . -path ./node_modules -prune -o \( -name '*.ts' -o -name '*.tsx' \) -print | head -3)
[ -z "$sources" ] || fail "TypeScript sources in the runtime: $sources"

echo "== compiled start: running the runtime as the image does"
port=$((20000 + RANDOM % 20000))
export DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 \
  GATEWAY_HTTP_PORT=$((port + 1)) GATEWAY_SOCKS_PORT=$((port + 2)) LOG_LEVEL=warn
node apps/server/dist/cli/migrate.js
node apps/server/dist/main.js > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 60); do
  node deploy/healthcheck.js api && break
  sleep 0.5
done
node deploy/healthcheck.js api || fail "the image's API health check"
node deploy/healthcheck.js gateway || fail "the image's gateway health check"
curl -fs "http://127.0.0.1:$port/api/health" | grep -q '"status":"ok"' || fail "/api/health"
curl -fs "http://127.0.0.1:$port/client/" | grep -q '<div id="root">' || fail "/client/"
proxy_status=$(curl -s -o /dev/null -w '%{http_code}' -x "http://127.0.0.1:$((port + 1))" http://example.com/ || true)
[ "$proxy_status" = "407" ] || fail "gateway answered $proxy_status, want 407"
kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
if node deploy/healthcheck.js api; then fail "the health check passed with the server stopped"; fi
node apps/server/dist/cli/audit.js > /dev/null

echo "== compiled start: a public PUBLIC_URL without explicit choices is refused"
if PUBLIC_URL=https://proxy.example.com node apps/server/dist/main.js > "$work/refused.log" 2>&1; then
  fail "the server started with the payment sandbox on a public URL"
fi
grep -q 'PAYMENTS_SANDBOX=true' "$work/refused.log" || { cat "$work/refused.log"; fail "no word on PAYMENTS_SANDBOX"; }
echo "== compiled start: ok (image build stage, API, web, gateway, health checks, migrate, audit; sandbox guard)"
