# syntax=docker/dockerfile:1
# Resiport: one image for the API process and the standalone gateway (docs/deploy.md).
# The build stage is deploy/build-runtime.sh, which CI runs as it is on a fresh clone.

FROM node:20-bookworm-slim AS build
WORKDIR /src
# argon2 ships prebuilt binaries for linux-x64/arm64 glibc; the toolchain is here for other platforms.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY . .
RUN deploy/build-runtime.sh /runtime

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/app/data \
    MIGRATE_ON_BOOT=false \
    GATEWAY_IN_PROCESS=false
WORKDIR /app
COPY --from=build --chown=node:node /runtime /app
USER node
# API (8080); the gateway's HTTP proxy (8000) and SOCKS5 (1080) when run with the gateway command.
EXPOSE 8080 8000 1080
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "deploy/healthcheck.js", "api"]
# The API process. Gateway: `node apps/gateway/dist/main.js`; migrations: `node apps/server/dist/cli/migrate.js`.
CMD ["node", "apps/server/dist/main.js"]
