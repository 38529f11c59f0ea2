# The marketplace's container image. Two stages: `build` installs every dependency and runs
# `npm run build` (web app and compiled server); `runtime` installs production dependencies only,
# takes the built files and runs them as an unprivileged user. scripts/production-smoke.mjs runs
# the runtime stage's steps outside a container (CI), so keep its COPY and RUN lines plain.
ARG NODE_VERSION=20
FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

FROM base AS build
# The manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci
COPY . .
RUN npm run build

FROM base AS runtime
# pg_dump and pg_restore for `npm run db:backup` / `db:restore` on PostgreSQL (Debian 12's client
# is PostgreSQL 15: it backs up servers of version 15 or older).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/web/package.json apps/web/
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/scripts/start.mjs scripts/
COPY --from=build /app/apps/server/cli.mjs apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist/
COPY --from=build /app/apps/web/dist apps/web/dist/
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr/
# The embedded database, generated secrets and mail files: a volume owned by the server's user.
RUN mkdir /data && chown node:node /data
USER node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
VOLUME /data
EXPOSE 3000
# The server drains on SIGTERM and exits 0 within 10 s: give it those 10 s (docker stop -t 10).
STOPSIGNAL SIGTERM
# Liveness only: a database outage (which a restart does not mend) must not get the process
# restarted; the proxy routes on the readiness check, /api/health.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself as the container's first process (no npm, no shell): the runtime's SIGTERM reaches
# the server, which handles it.
CMD ["node", "scripts/start.mjs"]
