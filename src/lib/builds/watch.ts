import { buildPaths, type BuildInfo } from './build-info';

/** How often a page left open asks which build is live: every hour. */
export const buildCheckIntervalMs = 3_600_000;

/** How long after the page is interactive and idle its build's meta file is fetched. */
export const metaFetchDelayMs = 1_000;

export type BuildWatch = {
  stop(): void;
  /** Checks `latest.json` now (unless the page is outdated already, or the watch stopped). */
  checkNow(): Promise<void>;
};

export type BuildWatchOptions = {
  /** The id of the build this page belongs to. */
  buildId: string;
  /** A GET of JSON through the site's HTTP client; it rejects on a failed request. */
  getJson: (url: string) => Promise<unknown>;
  /** Called once, when the server turns out to run another build. */
  onOutdated: () => void;
  /** `navigator.connection`, where the browser has it. */
  connection?: { effectiveType?: string } | undefined;
  now?: () => number;
  /** `window.requestIdleCallback`, where the browser has it. */
  requestIdle?: ((callback: () => void) => number) | undefined;
};

function idOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as Partial<BuildInfo>).id;
  return typeof id === 'string' && id !== '' ? id : null;
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Watches for a newer build of the site while a page is open:
 *
 * - about a second after the page is interactive and idle, its own build's meta
 *   file is fetched once (skipped on a `slow-2g` connection); a 404 there means
 *   the server no longer has this build;
 * - every hour, `latest.json` is fetched with a time-stamp cache-buster; another
 *   id there means a newer build is live. A failed check is ignored and the next
 *   one comes an hour later.
 *
 * Once the page is outdated, polling stops and `onOutdated` is called once.
 * `checkNow` asks `latest.json` at once, for a page that comes back into view
 * from the back-forward cache, where it may have slept through deploys.
 */
export function watchBuilds({
  buildId,
  getJson,
  onOutdated,
  connection,
  now = Date.now,
  requestIdle,
}: BuildWatchOptions): BuildWatch {
  let stopped = false;
  let metaTimer: ReturnType<typeof setTimeout> | undefined;

  function outdated() {
    if (stopped) return;
    stop();
    onOutdated();
  }

  async function fetchMeta() {
    try {
      await getJson(buildPaths.meta(buildId));
    } catch (error) {
      if (statusOf(error) === 404) outdated();
    }
  }

  async function check() {
    if (stopped) return;
    try {
      const latest = idOf(await getJson(`${buildPaths.latest}?${now()}`));
      if (latest !== null && latest !== buildId) outdated();
    } catch {
      // A failed check is ignored: the next one comes in an hour.
    }
  }

  const interval = setInterval(() => void check(), buildCheckIntervalMs);

  if (connection?.effectiveType !== 'slow-2g') {
    const afterIdle = () => {
      if (!stopped) metaTimer = setTimeout(() => void fetchMeta(), metaFetchDelayMs);
    };
    if (requestIdle) requestIdle(afterIdle);
    else afterIdle();
  }

  function stop() {
    stopped = true;
    clearInterval(interval);
    clearTimeout(metaTimer);
  }
  return { stop, checkNow: check };
}
