#!/usr/bin/env bash
# The embedded default (PGlite, what `npm ci && npm start` runs) proved on its own, for a run whose
# full suites went to PostgreSQL (CI: TEST_DATABASE_URL set for `npm test`). Not the whole suite a
# second time — the SQL is the same PostgreSQL in both — but what PGlite does differently: its
# migrations and their data steps, one connection serialising concurrent money movements, a gateway
# billing through it (on every protocol path, past zero, with auto-refill, caps and limits changed
# while connected), and the journeys a new customer of `npm start` takes, in Chromium against the
# compiled server on a PGlite data directory.
set -euo pipefail
cd "$(dirname "$0")/.."
unset TEST_DATABASE_URL
[ -f apps/server/dist/main.js ] && [ -f apps/web/dist/index.html ] || npm run build

npx vitest run --project integration \
  apps/server/src/db/migrate.test.ts \
  apps/server/src/db/payment-statuses-migration.test.ts \
  apps/server/src/db/usage-rollups.test.ts \
  apps/server/src/modules/ledger/ledger.test.ts \
  apps/server/src/modules/orders/order-concurrency.test.ts \
  apps/server/src/modules/account/sign-up.test.ts \
  apps/server/src/modules/billing/recharge.test.ts \
  apps/server/src/modules/gateway-link/gateway-link.test.ts \
  tests/system/with-server.test.ts \
  tests/system/credit-with-server-overdraw.test.ts \
  tests/system/auto-refill-in-time.test.ts \
  tests/system/sub-limits.test.ts \
  tests/system/sub-limit-changes.test.ts

npx vitest run --project e2e \
  e2e/account.e2e.test.ts \
  e2e/orders.e2e.test.ts \
  e2e/generator.e2e.test.ts
