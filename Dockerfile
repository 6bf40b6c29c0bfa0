# Skill Exchange: one image for every app instance (docs/deploy.md). Not built on the machine this
# was written on (no container engine runs there); everything it runs is tested there instead
# (graph/test/integration/deploy-topology.test.ts: the same start command, two instances, nginx).

# 1. Build: the web app (Vite) and the server bundle (scripts/build-server.mjs).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# The committed lock is installed with npm install, as CI does (.ci/run explains why not npm ci).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# 2. Run: production dependencies (native addons, lazily loaded adapters) and the built output only.
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=4000 DATA_DIR=/data
WORKDIR /app
# mariadb-client: npm run backup / restore of a MariaDB database from inside the container.
RUN apt-get update && apt-get install -y --no-install-recommends mariadb-client && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data && chown node:node /data
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/graph ./graph
COPY --from=build /app/common ./common
USER node
EXPOSE 4000 9464
VOLUME ["/data"]
# Liveness only (/healthz asks no dependency: a database outage never marks the container unhealthy); the proxy
# and orchestrators route traffic by /readyz (503 within 2 s while draining, the database or Redis down).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/healthz',{signal:AbortSignal.timeout(2000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains (docs/deploy.md); node runs as PID 1 with its own signal handlers.
CMD ["node", "dist/server/main.js"]
