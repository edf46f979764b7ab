import { currentBuild } from '@/lib/builds/build-info';
import { watchBuilds } from '@/lib/builds/watch';
import { markOutdated } from '@/lib/navigation/navigate';

type NetworkInformation = { effectiveType?: string };

// The HTTP client comes with the first request, after the page is idle.
const getJson = async (url: string): Promise<unknown> =>
  (await import('@/lib/http/client')).http(url);

/**
 * Keeps a page left open in step with deploys (src/lib/builds/watch.ts): a
 * newer build marks it outdated (src/lib/navigation/navigate.ts). A page
 * that Back or Forward brings from the back-forward cache may have slept
 * through deploys: it asks at once.
 */
export function startBuildWatch(): void {
  // A development server has no deploys (it reloads what changed itself).
  if (!import.meta.env.PROD) return;
  const watch = watchBuilds({
    buildId: currentBuild.id,
    getJson,
    onOutdated: markOutdated,
    connection: (navigator as Navigator & { connection?: NetworkInformation }).connection,
    requestIdle:
      typeof window.requestIdleCallback === 'function'
        ? (callback) => window.requestIdleCallback(callback)
        : undefined,
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) void watch.checkNow();
  });
}
