/**
 * The reload guard shared by every full load the page decides on by itself
 * (an outdated page, a file of the build that failed to load): one
 * sessionStorage record `{ path, expires }` with a 10-second lifetime. A full
 * load of a path is allowed only when the record names another path or has
 * expired, and the record is then rewritten, so a page that keeps failing
 * never reloads itself in a loop.
 */

export const reloadGuardKey = 'ortus:reload-guard';
export const reloadGuardMs = 10_000;

type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;
type ReloadRecord = { path: string; expires: number };

function read(storage: GuardStorage): ReloadRecord | null {
  try {
    const record = JSON.parse(storage.getItem(reloadGuardKey) ?? 'null') as unknown;
    if (
      record &&
      typeof record === 'object' &&
      typeof (record as ReloadRecord).path === 'string' &&
      typeof (record as ReloadRecord).expires === 'number'
    ) {
      return record as ReloadRecord;
    }
  } catch {
    // A broken record guards nothing.
  }
  return null;
}

/**
 * Whether a full load of `path` may happen now; when it may, the record is
 * written so that the same path is refused for the next 10 seconds.
 */
export function claimReload(
  path: string,
  { storage, now = Date.now() }: { storage: GuardStorage | null; now?: number },
): boolean {
  // Without storage (a browser that refuses it) a loop could not be seen: no full load then.
  if (!storage) return false;
  const record = read(storage);
  if (record && record.path === path && record.expires > now) return false;
  try {
    storage.setItem(reloadGuardKey, JSON.stringify({ path, expires: now + reloadGuardMs }));
  } catch {
    // A record that cannot be written cannot stop a loop either.
    return false;
  }
  return true;
}
