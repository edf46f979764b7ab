/**
 * The browser's error reports (docs/error-tracking.md), started and stopped by
 * the consent banner's code (src/components/consent/consent-runtime.ts) with
 * analytics: a visitor who has not allowed analytics loads none of it, and
 * one who withdraws it stops it.
 *
 * Only a build with PUBLIC_SENTRY_DSN and an analytics provider has them
 * (src/lib/monitoring/build-config.ts): in any other the setting compiles to
 * an empty string, the calls below to nothing, and the reporting code
 * (./error-tracking-client.ts, @sentry/browser) is not even built. Where it
 * is, it is a chunk of its own, fetched once the visitor has agreed.
 */

const compiled = process.env.APP_BROWSER_ERROR_TRACKING;

let running: Promise<{ stop: () => Promise<void> } | undefined> | undefined;

/** Starts reporting uncaught errors and unhandled rejections of this page (once). */
export function startErrorTracking(): void {
  if (!compiled) return;
  running ??= import('./error-tracking-client').then(
    ({ startClient }) => startClient(JSON.parse(compiled) as { dsn: string; environment: string }),
    // Not loaded (offline, blocked): the page goes on without reports.
    () => undefined,
  );
}

/** Stops reporting: nothing more leaves the page. */
export function stopErrorTracking(): void {
  if (!compiled || !running) return;
  const stopping = running;
  running = undefined;
  void stopping.then((client) => client?.stop());
}
