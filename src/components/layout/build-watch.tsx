'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { currentBuild } from '@/lib/builds/build-info';
import { watchBuilds } from '@/lib/builds/watch';
import { installChunkRecovery } from '@/lib/navigation/chunk-recovery';
import { markOutdated, settleNavigation } from '@/lib/navigation/navigate';

type NetworkInformation = { effectiveType?: string };

// The HTTP client is loaded only when the first request is made, after the page is idle.
const getJson = async (url: string): Promise<unknown> =>
  (await import('@/lib/http/client')).http(url);

/**
 * Keeps an open page in step with deploys (BEHAVIOUR.md section 6): notices a
 * newer build, so that the next navigation loads in full, and recovers from a
 * chunk that fails to load.
 */
export function BuildWatch() {
  const pathname = usePathname();

  useEffect(() => {
    const stopRecovery = installChunkRecovery();
    // A development server has no deploys to watch for (it reloads what changed
    // itself), and its first compile of the route would race the page's own.
    if (process.env.NODE_ENV !== 'production') return stopRecovery;
    const stopWatch = watchBuilds({
      buildId: currentBuild.id,
      getJson,
      onOutdated: markOutdated,
      connection: (navigator as Navigator & { connection?: NetworkInformation }).connection,
      requestIdle:
        typeof window.requestIdleCallback === 'function'
          ? (callback) => window.requestIdleCallback(callback)
          : undefined,
    });
    return () => {
      stopRecovery();
      stopWatch();
    };
  }, []);

  // The router shows a new page: the navigation that led here is over.
  useEffect(() => settleNavigation(), [pathname]);

  return null;
}
