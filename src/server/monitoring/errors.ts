import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { noPersonalData, scrubEvent } from '@/lib/monitoring/scrub';
import { serverEnv, type ServerEnv } from '@/server/env';
import { errorDetails, logger } from '@/server/log';
import { awaitReporter, errorTrackingOn, flushReports, installReporter } from './report';

export { reportError } from './report';

/**
 * Error reports of the server (`node dist/server.mjs`) and the outbox worker
 * (`node dist/worker.mjs`) to Sentry, or a service that speaks its protocol
 * such as GlitchTip, when SENTRY_DSN is set (docs/error-tracking.md). Without
 * it nothing is loaded, started or sent.
 *
 * The SDK (`@sentry/node`: half a second of CPU to load on a small machine)
 * is loaded when `after` settles (the server: once it listens), so start-up
 * never waits for it; reports made meanwhile are sent once it is there.
 * It runs with none of its default integrations: no tracing, no
 * instrumentation of HTTP, the console or database drivers, no breadcrumbs,
 * nothing of a request. What a report carries is decided in ./report.ts and
 * cleaned in src/lib/monitoring/scrub.ts.
 */

export type Service = 'server' | 'worker';

export type ErrorTrackingOptions = {
  /** The build folder (`dist`): its build id is the release reports are filed under. */
  buildDir?: string;
  env?: Pick<ServerEnv, 'SENTRY_DSN' | 'SENTRY_ENVIRONMENT'>;
  /** NODE_ENV, the environment when SENTRY_ENVIRONMENT is unset. */
  nodeEnv?: string | undefined;
  /** The SDK loads once this settles (the server listening); reports made before wait for it. */
  after?: Promise<unknown>;
};

/**
 * The build's id (src/lib/builds/), read from the build folder's
 * `/_app/builds/latest.json`; else BUILD_ID, as a deploy may name its builds;
 * else none.
 */
export function releaseOf(buildDir: string | undefined): string | undefined {
  if (buildDir) {
    try {
      const latest = JSON.parse(
        readFileSync(path.join(buildDir, 'client/_app/builds/latest.json'), 'utf8'),
      ) as { id?: unknown };
      if (typeof latest.id === 'string' && latest.id) return latest.id;
    } catch {
      // Not a build (the worker run by `npm run worker` from the sources).
    }
  }
  return process.env.BUILD_ID?.trim() || undefined;
}

let started: Promise<boolean> | undefined;

/** The settings, or none when they are malformed: start-up says so itself (src/server/startup.ts). */
function settings(): ErrorTrackingOptions['env'] {
  try {
    return serverEnv();
  } catch {
    return undefined;
  }
}

/**
 * Starts error reports for `service` when SENTRY_DSN is set; resolves to
 * whether they are on. Never throws: an SDK that cannot load is logged and
 * the process goes on without reports.
 */
export function initErrorTracking(
  service: Service,
  {
    buildDir,
    env = settings(),
    nodeEnv = process.env.NODE_ENV,
    after = Promise.resolve(),
  }: ErrorTrackingOptions = {},
): Promise<boolean> {
  const dsn = env?.SENTRY_DSN;
  if (!dsn) return Promise.resolve(false);
  if (started && errorTrackingOn()) return started;
  awaitReporter();
  const environment = env?.SENTRY_ENVIRONMENT ?? nodeEnv ?? 'production';
  const release = releaseOf(buildDir);
  const load = () => import('@sentry/node');
  started = after.then(load, load).then(
    (Sentry) => {
      Sentry.initWithoutDefaultIntegrations({
        dsn,
        environment,
        release,
        initialScope: { tags: { service } },
        integrations: [
          Sentry.linkedErrorsIntegration(),
          Sentry.dedupeIntegration(),
          Sentry.nodeContextIntegration(),
          Sentry.contextLinesIntegration(),
          Sentry.onUncaughtExceptionIntegration(),
          // The site's server goes on after an unhandled rejection (Astro's
          // handler already keeps it alive); the worker stops, as Node.js would.
          Sentry.onUnhandledRejectionIntegration({
            mode: service === 'worker' ? 'strict' : 'none',
          }),
        ],
        dataCollection: noPersonalData,
        // No performance tracing: no spans, no transactions, no OpenTelemetry,
        // no module hooks that instrument libraries.
        tracesSampleRate: 0,
        traceLifecycle: 'static',
        enableOpenTelemetrySetup: false,
        enableRuntimeChannelInjection: false,
        sendClientReports: false,
        maxBreadcrumbs: 0,
        beforeBreadcrumb: () => null,
        beforeSend: (event) => scrubEvent(event),
        beforeSendTransaction: () => null,
      });
      installReporter({
        captureException: (error, capture) => void Sentry.captureException(error, capture),
        captureMessage: (message, capture) => void Sentry.captureMessage(message, capture),
        flush: (timeoutMs) => Sentry.flush(timeoutMs),
      });
      logger.info(
        { event: 'errors.on', service, environment, release, to: new URL(dsn).host },
        'error reports are on',
      );
      return true;
    },
    (error: unknown) => {
      installReporter(undefined);
      logger.error(
        { event: 'errors.unavailable', service, ...errorDetails(error) },
        'error reports are off: @sentry/node could not be loaded',
      );
      return false;
    },
  );
  return started;
}

/** Waits (at most `timeoutMs`) until the reports made so far are sent: before a process exits. */
export function flushErrorTracking(timeoutMs = 2_000): Promise<boolean> {
  return flushReports(timeoutMs);
}
