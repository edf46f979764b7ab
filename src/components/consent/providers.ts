import type { AnalyticsProviders } from '@/lib/analytics/config';
import type { GoalDetail } from '@/lib/analytics/goals';

/**
 * The providers' own loaders, written out instead of their inline snippets
 * (the Content Security Policy allows no inline script the build did not
 * hash). Called only after the visitor agreed to analytics.
 */

type Queue = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };
type AnalyticsWindow = Window & {
  ym?: Queue;
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  umami?: { track: (name: string, data?: object) => void };
};

export type ClientIds = { metrika?: string; ga?: string };

export type Loaded = {
  track(goal: GoalDetail): void;
  /** The providers' ids of this browser, as far as they are known yet. */
  clientIds(): ClientIds;
};

function addScript(src: string, attributes: Record<string, string> = {}): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.append(script);
  return script;
}

/** Provider parameters are flat strings and numbers; goal names are the same everywhere. */
function flat(params: object): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null),
  );
}

export function loadProviders(
  providers: AnalyticsProviders,
  { marketing }: { marketing: boolean },
): Loaded {
  const w = window as AnalyticsWindow;
  const ids: ClientIds = {};
  const trackers: Array<(goal: GoalDetail) => void> = [];

  if (providers.metrika) {
    const { counterId, scriptUrl } = providers.metrika;
    const id = Number(counterId);
    w.ym ??= Object.assign((...args: unknown[]) => (w.ym!.a ??= []).push(args), { l: Date.now() });
    addScript(scriptUrl);
    w.ym(id, 'init', {
      clickmap: true,
      trackLinks: true,
      accurateTrackBounce: true,
      webvisor: false,
      // Each page is a document of its own: its view is sent now, with the counter's start.
      defer: false,
    });
    w.ym(id, 'getClientID', (clientId: string) => (ids.metrika = String(clientId)));
    trackers.push(({ name, params }) => w.ym!(id, 'reachGoal', name, flat(params)));
  }

  if (providers.ga4) {
    const { measurementId, scriptUrl } = providers.ga4;
    w.dataLayer ??= [];
    // gtag reads its queue as `arguments` objects, as Google's snippet pushes them.
    w.gtag ??= function gtag() {
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
    const granted = (on: boolean) => (on ? 'granted' : 'denied');
    w.gtag('consent', 'default', {
      analytics_storage: 'granted',
      ad_storage: granted(marketing),
      ad_user_data: granted(marketing),
      ad_personalization: granted(marketing),
    });
    w.gtag('js', new Date());
    w.gtag('config', measurementId, {
      allow_google_signals: marketing,
      allow_ad_personalization_signals: marketing,
    });
    w.gtag('get', measurementId, 'client_id', (clientId: string) => (ids.ga = String(clientId)));
    addScript(`${scriptUrl}?id=${encodeURIComponent(measurementId)}`);
    trackers.push(({ name, params }) => w.gtag!('event', name, flat(params)));
  }

  if (providers.umami) {
    const { websiteId, scriptUrl } = providers.umami;
    const waiting: GoalDetail[] = [];
    const script = addScript(scriptUrl, { 'data-website-id': websiteId });
    script.defer = true;
    script.addEventListener('load', () => {
      for (const goal of waiting.splice(0)) w.umami?.track(goal.name, flat(goal.params));
    });
    trackers.push((goal) => {
      if (w.umami) w.umami.track(goal.name, flat(goal.params));
      else waiting.push(goal);
    });
  }

  return {
    track: (goal) => trackers.forEach((send) => send(goal)),
    clientIds: () => ({ ...ids }),
  };
}

/** Which contact channel a link opens, if any. */
export function contactChannel(href: string): 'phone' | 'email' | 'telegram' | 'whatsapp' | null {
  if (href.startsWith('tel:')) return 'phone';
  if (href.startsWith('mailto:')) return 'email';
  if (/^https:\/\/(?:t\.me|telegram\.me)\//i.test(href)) return 'telegram';
  if (/^https:\/\/(?:wa\.me|api\.whatsapp\.com)\//i.test(href)) return 'whatsapp';
  return null;
}
