# syntax=docker/dockerfile:1
# The production image: the server's bundle, the web build, and the server's runtime packages only.
#   docker build -t ems .
#   docker run -p 3000:3000 -v ems-data:/data ems            (embedded database in the volume)
# compose.yaml runs it against PostgreSQL.
ARG NODE_IMAGE=node:24-bookworm-slim

# Every workspace's packages, development ones included: what the builds need.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

# The web app (Vite, with .br/.gz copies) and the server (esbuild, dist/main.js).
FROM deps AS build
COPY . .
RUN npm run build

# What runs: no TypeScript, no build tools, no web or test packages.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace @ems/server --no-audit --no-fund && npm cache clean --force
# Backup and restore (dist/backup.js) pack with tar and dump PostgreSQL with its client programs.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client tar \
    && rm -rf /var/lib/apt/lists/*
# The bundle, and what it reads from disk at run time: SQL migrations, language packs, the web build.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/src/db/migrations apps/server/src/db/migrations
COPY --from=build /app/packages/contracts/lang packages/contracts/lang
COPY --from=build /app/apps/web/dist apps/web/dist
# Attachments, notices written as files, the generated signing secret and the embedded database live here.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server drains on SIGTERM (requests in flight, jobs in progress) within SHUTDOWN_TIMEOUT_MS (30 s): give the
# container longer than that to stop (`docker stop -t 40`, compose's stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
