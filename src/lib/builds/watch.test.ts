import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCheckIntervalMs, metaFetchDelayMs, watchBuilds, type BuildWatch } from './watch';

const hour = buildCheckIntervalMs;

function notFound(): Error {
  return Object.assign(new Error('[GET] "/_app/builds/meta/a1.json": 404 Not Found'), {
    status: 404,
  });
}

describe('the build watch', () => {
  let requests: string[];
  /** A JSON answer, or an Error for a failed request. */
  let answers: unknown[];
  let onOutdated: ReturnType<typeof vi.fn<() => void>>;
  let stop: (() => void) | undefined;

  // Answers requests in order; an Error in the list is a failed request.
  const getJson = (url: string) => {
    requests.push(url);
    const answer = answers.shift() ?? { id: 'a1', timestamp: 1 };
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    requests = [];
    answers = [];
    onOutdated = vi.fn<() => void>();
  });
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
  });

  let watch: BuildWatch | undefined;
  const start = (options: Partial<Parameters<typeof watchBuilds>[0]> = {}) => {
    watch = watchBuilds({ buildId: 'a1', getJson, onOutdated, ...options });
    stop = () => watch?.stop();
  };

  it('fetches its own meta file once, about a second after the page is idle', async () => {
    let idle: (() => void) | undefined;
    start({ requestIdle: (callback) => ((idle = callback), 1) });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(requests).toEqual([]);
    idle?.();
    await vi.advanceTimersByTimeAsync(metaFetchDelayMs - 1);
    expect(requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toEqual(['/_app/builds/meta/a1.json']);
    await vi.advanceTimersByTimeAsync(hour - 10_000);
    expect(requests).toHaveLength(1);
    expect(onOutdated).not.toHaveBeenCalled();
  });

  it('skips the meta file on a slow-2g connection', async () => {
    start({ connection: { effectiveType: 'slow-2g' } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toEqual([]);
  });

  it('takes a 404 for its own meta file as a sign that the server runs another build', async () => {
    answers = [notFound()];
    start();
    await vi.advanceTimersByTimeAsync(metaFetchDelayMs);
    expect(onOutdated).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3 * hour);
    expect(requests).toHaveLength(1);
  });

  it('asks for latest.json every hour, first an hour after load, with a time-stamp', async () => {
    start();
    await vi.advanceTimersByTimeAsync(metaFetchDelayMs);
    await vi.advanceTimersByTimeAsync(hour - metaFetchDelayMs - 1);
    expect(requests).toEqual(['/_app/builds/meta/a1.json']);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(hour);
    expect(requests.slice(1)).toEqual([
      `/_app/builds/latest.json?${1_800_000_000_000 + hour}`,
      `/_app/builds/latest.json?${1_800_000_000_000 + 2 * hour}`,
    ]);
    expect(onOutdated).not.toHaveBeenCalled();
  });

  it('marks the page outdated once when another id is live, and stops polling', async () => {
    answers = [
      { id: 'a1', timestamp: 1 },
      { id: 'a1', timestamp: 1 },
      { id: 'b2', timestamp: 2 },
    ];
    start();
    await vi.advanceTimersByTimeAsync(2 * hour);
    expect(onOutdated).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * hour);
    expect(requests).toHaveLength(3);
    expect(onOutdated).toHaveBeenCalledTimes(1);
  });

  it('ignores a failed check and goes on polling', async () => {
    answers = [
      { id: 'a1', timestamp: 1 },
      Object.assign(new Error('503'), { status: 503 }),
      new TypeError('Failed to fetch'),
      { id: 'b2', timestamp: 2 },
    ];
    start();
    await vi.advanceTimersByTimeAsync(2 * hour);
    expect(onOutdated).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(hour);
    expect(onOutdated).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(4);
  });

  it('ignores an answer without an id', async () => {
    answers = [{ id: 'a1' }, '<html>', { id: '' }, null];
    start();
    await vi.advanceTimersByTimeAsync(3 * hour);
    expect(onOutdated).not.toHaveBeenCalled();
    expect(requests).toHaveLength(4);
  });

  it('checks at once when asked (a page back from the back-forward cache), and polling goes on', async () => {
    answers = [{ id: 'a1', timestamp: 1 }];
    start({ connection: { effectiveType: 'slow-2g' } });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await watch!.checkNow();
    expect(requests).toEqual([`/_app/builds/latest.json?${1_800_000_000_000 + 10 * 60_000}`]);
    expect(onOutdated).not.toHaveBeenCalled();
    answers = [{ id: 'b2', timestamp: 2 }];
    await vi.advanceTimersByTimeAsync(hour - 10 * 60_000);
    expect(requests).toHaveLength(2);
    expect(onOutdated).toHaveBeenCalledTimes(1);
    // Outdated: a page that comes back again asks nothing more.
    await watch!.checkNow();
    expect(requests).toHaveLength(2);
  });

  it('a check asked for at once finds a newer build like an hourly one', async () => {
    answers = [{ id: 'c3', timestamp: 3 }];
    start({ connection: { effectiveType: 'slow-2g' } });
    await watch!.checkNow();
    expect(onOutdated).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3 * hour);
    expect(requests).toHaveLength(1);
  });

  it('does nothing more once stopped', async () => {
    start();
    stop?.();
    await vi.advanceTimersByTimeAsync(3 * hour);
    await watch!.checkNow();
    expect(requests).toEqual([]);
  });
});
