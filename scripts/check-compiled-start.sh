#!/usr/bin/env bash
# CI (issue 13, decision 022): the compiled product runs with production dependencies only.
# In a copy of the checkout: npm ci → npm run build → npm prune --omit=dev (tsx, vite, esbuild gone) →
# `node apps/server/dist/main.js` serves /api, /client and the in-process gateway; the compiled
# migrate and audit run; and a publicly reachable start without explicit choices is refused.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "== compiled start: copying the checkout to $work"
(cd "$root" && git ls-files -z | xargs -0 tar -cf - 2>/dev/null) | tar -xf - -C "$work"
cd "$work"
npm ci --no-audit --no-fund --loglevel=error
npm run build --silent
npm prune --omit=dev --no-audit --no-fund --loglevel=error
for dev_tool in tsx vite esbuild vitest; do
  if [ -e "node_modules/$dev_tool" ]; then echo "FAIL: $dev_tool is still installed after npm prune --omit=dev"; exit 1; fi
done

port=$((20000 + RANDOM % 20000))
export DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 \
  GATEWAY_HTTP_PORT=$((port + 1)) GATEWAY_SOCKS_PORT=$((port + 2)) LOG_LEVEL=warn
node apps/server/dist/cli/migrate.js
node apps/server/dist/main.js > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 60); do
  curl -fs "http://127.0.0.1:$port/api/health" > /dev/null 2>&1 && break
  sleep 0.5
done
curl -fs "http://127.0.0.1:$port/api/health" | grep -q '"status":"ok"' || { cat "$work/server.log"; echo "FAIL: /api/health"; exit 1; }
curl -fs "http://127.0.0.1:$port/client/" | grep -q '<div id="root">' || { echo "FAIL: /client/"; exit 1; }
proxy_status=$(curl -s -o /dev/null -w '%{http_code}' -x "http://127.0.0.1:$((port + 1))" http://example.com/ || true)
[ "$proxy_status" = "407" ] || { cat "$work/server.log"; echo "FAIL: gateway answered $proxy_status, want 407"; exit 1; }
kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
node apps/server/dist/cli/audit.js > /dev/null

echo "== compiled start: a public PUBLIC_URL without explicit choices is refused"
if PUBLIC_URL=https://proxy.example.com node apps/server/dist/main.js > "$work/refused.log" 2>&1; then
  echo "FAIL: the server started with the payment sandbox on a public URL"; exit 1
fi
grep -q 'PAYMENTS_SANDBOX=true' "$work/refused.log" || { cat "$work/refused.log"; echo "FAIL: no word on PAYMENTS_SANDBOX"; exit 1; }
echo "== compiled start: ok (API, web, gateway, migrate, audit; sandbox guard)"
