# One container: the Node 20 server with the built client. The SQLite file and the uploads live in
# the /data volume, so a new image keeps both. Every step is a command CI runs too (.ci/run):
# `npm ci`, `npm run build`, `npm ci --omit=dev`, and `npm start` with NODE_ENV=production.

# Builder: every dependency, then the client (dist/: Vite bundle, prerendered pages, brotli/gzip copies).
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when its prebuilt binary cannot be fetched.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only, installed for the runtime's platform (better-sqlite3 built here,
# sharp and argon2 from their prebuilt linux packages).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=sqlite:/data/hunter.db \
    UPLOADS_DIR=/data/uploads
WORKDIR /app
COPY . .
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm passes SIGTERM on to the server (the start script execs node), which drains and exits within 10 s.
STOPSIGNAL SIGTERM
CMD ["npm", "start"]
