# The site as a container: `docker build -t agency-site .` (docs/deploy.md).
# The final image holds the build (dist/: the pages and assets built ahead,
# Astro's server code, server.mjs, worker.mjs and migrate.mjs), the production
# packages only, and what the server reads at run time from the folder it
# starts in (content/, the SQL migrations in drizzle/, public/, package.json).
# It runs as an unprivileged user that can write nothing but the data folder
# and /backups, where compose's backup service writes.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# The packages the built server imports at run time, without the tools that build it.
FROM node:24-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1
# Built into the pages (canonical links, feeds) and into the build's id.
ARG SITE_URL=http://localhost:3000
ARG BUILD_ID=
# Analytics providers, each on only when given (docs/configuration.md).
ARG METRIKA_COUNTER_ID=
ARG GA4_MEASUREMENT_ID=
ARG UMAMI_SCRIPT_URL=
ARG UMAMI_WEBSITE_ID=
# Browser error reports after consent (docs/error-tracking.md), and the content
# editor's GitHub mode (docs/editing.md): compiled into the browser's code, so
# never a secret.
ARG PUBLIC_SENTRY_DSN=
ARG PUBLIC_KEYSTATIC_GITHUB_REPO=
ARG PUBLIC_KEYSTATIC_GITHUB_APP_SLUG=
ARG PUBLIC_KEYSTATIC_BRANCH_PREFIX=
ENV SITE_URL=$SITE_URL BUILD_ID=$BUILD_ID \
    METRIKA_COUNTER_ID=$METRIKA_COUNTER_ID GA4_MEASUREMENT_ID=$GA4_MEASUREMENT_ID \
    UMAMI_SCRIPT_URL=$UMAMI_SCRIPT_URL UMAMI_WEBSITE_ID=$UMAMI_WEBSITE_ID \
    PUBLIC_SENTRY_DSN=$PUBLIC_SENTRY_DSN \
    PUBLIC_KEYSTATIC_GITHUB_REPO=$PUBLIC_KEYSTATIC_GITHUB_REPO \
    PUBLIC_KEYSTATIC_GITHUB_APP_SLUG=$PUBLIC_KEYSTATIC_GITHUB_APP_SLUG \
    PUBLIC_KEYSTATIC_BRANCH_PREFIX=$PUBLIC_KEYSTATIC_BRANCH_PREFIX
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATA_DIR=/app/data
RUN groupadd --system --gid 1001 site \
 && useradd --system --uid 1001 --gid site --home-dir /app site \
 && mkdir -p /app/data /backups && chown site:site /app/data /backups
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/dist ./dist
COPY --from=build /app/content ./content
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/public ./public
USER site
EXPOSE 3000
# The embedded database, when no DATABASE_URL is given (one instance only).
VOLUME ["/app/data"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server reads content/ and drizzle/ from the folder it starts in (/app).
# The same image runs the outbox worker (`node dist/worker.mjs`), the
# migrations (`node dist/migrate.mjs`) and the backups (`node dist/backup.mjs`):
# compose.yaml.
CMD ["node", "dist/server.mjs"]
