# Playhouse server image: the Fastify server with the built player site and back office.
# Build: docker build -t playhouse .   Run: see deploy/compose.yaml and docs/operations.md.
# Node 20, as CI and every developer machine (decision 002); the server runs its TypeScript through
# tsx (decision 001), so the runtime keeps the installed tree rather than a compiled copy.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# better-sqlite3 compiles against the headers Node ships with; no prebuilt binary is fetched.
ENV npm_config_build_from_source=true
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY packages/db/package.json packages/db/
COPY packages/games/package.json packages/games/
COPY packages/i18n/package.json packages/i18n/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/backoffice/package.json apps/backoffice/
COPY apps/reference-provider/package.json apps/reference-provider/
COPY apps/reference-gateway/package.json apps/reference-gateway/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
# pg_dump and pg_restore for `npm run backup` and `npm run restore` against PostgreSQL 15; fonts
# for the game art the server draws (README, prerequisites).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client fontconfig fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data /backups \
  && chown node:node /data /backups
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8080 \
  DATA_DIR=/data \
  BACKUP_DIR=/backups
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 8080
VOLUME ["/data", "/backups"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
