# The site as a container: `docker build -t agency-site .` (see "Deploying" in the README).
# The final image holds only the standalone output of `npm run build`
# (server.js, its traced node_modules, the static files, public/, the SQL
# migrations, worker.mjs and migrate.mjs) and runs as an unprivileged user.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# Built into the pages (canonical links, feeds) and into the build's id.
ARG SITE_URL=http://localhost:3000
ARG BUILD_ID=
# Analytics providers, each on only when given (README, "Analytics and consent").
ARG METRIKA_COUNTER_ID=
ARG GA4_MEASUREMENT_ID=
ARG UMAMI_SCRIPT_URL=
ARG UMAMI_WEBSITE_ID=
ENV SITE_URL=$SITE_URL BUILD_ID=$BUILD_ID \
    METRIKA_COUNTER_ID=$METRIKA_COUNTER_ID GA4_MEASUREMENT_ID=$GA4_MEASUREMENT_ID \
    UMAMI_SCRIPT_URL=$UMAMI_SCRIPT_URL UMAMI_WEBSITE_ID=$UMAMI_WEBSITE_ID
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATA_DIR=/app/data
RUN groupadd --system --gid 1001 site \
 && useradd --system --uid 1001 --gid site --home-dir /app site \
 && mkdir -p /app/data && chown site:site /app/data
COPY --from=build --chown=site:site /app/.next/standalone ./
USER site
EXPOSE 3000
# The embedded database, when no DATABASE_URL is given (one instance only).
VOLUME ["/app/data"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The outbox worker runs from the same image: `node worker.mjs` (compose.yaml).
CMD ["node", "server.js"]
