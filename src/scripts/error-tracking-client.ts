import {
  BrowserClient,
  dedupeIntegration,
  defaultStackParser,
  getCurrentScope,
  globalHandlersIntegration,
  linkedErrorsIntegration,
  makeFetchTransport,
} from '@sentry/browser';
import { noPersonalData, scrubEvent } from '@/lib/monitoring/scrub';

/**
 * The reporting itself, loaded only after the visitor allowed analytics
 * (./error-tracking.ts): a Sentry client with the integrations it needs to
 * see uncaught errors and unhandled rejections (and their causes) and none of
 * the others. No breadcrumbs (clicks, inputs, the console, requests), no
 * page address or headers, no user, no tracing, no session replay. Each
 * report is cleaned like the server's (src/lib/monitoring/scrub.ts): no query
 * string, no contact data in a message. Sentry's transport sends it with the
 * site's origin as the only referrer.
 */
export function startClient({ dsn, environment }: { dsn: string; environment: string }): {
  stop: () => Promise<void>;
} {
  const client = new BrowserClient({
    dsn,
    environment,
    // The build's id, compiled in (the constant src/lib/builds/build-info.ts reads):
    // importing that module would tie this chunk to the page's main script, which
    // the banner's code would then list, with its imports, to load beside it.
    release: process.env.APP_BUILD_ID ?? 'development',
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [globalHandlersIntegration(), linkedErrorsIntegration(), dedupeIntegration()],
    dataCollection: noPersonalData,
    sendClientReports: false,
    maxBreadcrumbs: 0,
    beforeBreadcrumb: () => null,
    beforeSend: (event) => scrubEvent(event),
    // No performance tracing: no spans, no transactions.
    traceLifecycle: 'static',
    beforeSendTransaction: () => null,
  });
  getCurrentScope().setClient(client);
  client.init();
  return {
    stop: async () => {
      // Unhooked first, so that nothing more is captured, then closed.
      getCurrentScope().setClient(undefined);
      await client.close(2_000);
    },
  };
}
