import * as CookieConsent from 'vanilla-cookieconsent';
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './consent.css';
import { consentConfig } from '@/config/consent';
import type { AnalyticsProviders } from '@/lib/analytics/config';
import type { GoalDetail, GoalEventName } from '@/lib/analytics/goals';
import { startErrorTracking, stopErrorTracking } from '@/scripts/error-tracking';
import { contactChannel, loadProviders, type Loaded } from './providers';
import type { ConsentSettings } from './settings';

declare global {
  interface Window {
    /** The analytics ids of this browser, when the visitor agreed: sent with a request. */
    __agencyAnalytics?: { clientIds(): { metrika?: string; ga?: string } };
  }
}

let loaded: Loaded | undefined;
const goalEvent: GoalEventName = 'agency:goal';

function cookiesOf(patterns: readonly RegExp[]): CookieConsent.CookieItem[] {
  // Providers set theirs on the host and on its parent domain: both are cleared.
  const domains = [undefined, location.hostname, `.${location.hostname.replace(/^www\./, '')}`];
  return patterns.flatMap((name) =>
    domains.map((domain) => (domain ? { name, domain } : { name })),
  );
}

/** Starts the providers once the visitor has agreed to analytics; never before. */
function startAnalytics(providers: AnalyticsProviders) {
  if (loaded || !CookieConsent.acceptedCategory('analytics')) return;
  // The page's error reports go with analytics, when the build has them.
  startErrorTracking();
  loaded = loadProviders(providers, { marketing: CookieConsent.acceptedCategory('marketing') });
  const track = (goal: GoalDetail) => loaded?.track(goal);
  window.__agencyAnalytics = { clientIds: () => loaded?.clientIds() ?? {} };
  window.addEventListener(goalEvent, (event) => track((event as CustomEvent<GoalDetail>).detail));
  // Links that reach the agency directly, wherever they are on the page.
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      const channel = link && contactChannel(link.getAttribute('href') ?? '');
      if (channel) track({ name: 'contact_click', params: { channel } });
    },
    { capture: true },
  );
  // An article read to its end: its last line came into view.
  const seen = new Set<string>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const slug = (entry.target as HTMLElement).dataset.articleEnd;
      if (!entry.isIntersecting || !slug || seen.has(slug)) continue;
      seen.add(slug);
      track({ name: 'article_read', params: { slug } });
    }
  });
  const watch = () =>
    document.querySelectorAll('[data-article-end]').forEach((element) => observer.observe(element));
  watch();
  new MutationObserver(watch).observe(document.body, { childList: true, subtree: true });
}

/** The banner (vanilla-cookieconsent) with the page's texts, and what follows from the choice. */
export async function startConsent({ providers, lang, texts }: ConsentSettings) {
  await CookieConsent.run({
    revision: consentConfig.revision,
    cookie: {
      name: consentConfig.cookieName,
      expiresAfterDays: consentConfig.days,
      sameSite: 'Lax',
    },
    // A box at the side that leaves the page usable: no overlay, nothing blocked.
    disablePageInteraction: false,
    hideFromBots: true,
    guiOptions: {
      consentModal: { layout: 'box', position: 'bottom left', equalWeightButtons: true },
      preferencesModal: { layout: 'box', equalWeightButtons: true },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: {
        autoClear: { cookies: cookiesOf(consentConfig.cookies.analytics), reloadPage: true },
      },
      // Only providers that can link visits to ads make the advertising choice mean anything.
      ...(providers.metrika || providers.ga4
        ? {
            marketing: {
              autoClear: { cookies: cookiesOf(consentConfig.cookies.marketing), reloadPage: true },
            },
          }
        : {}),
    },
    onConsent: () => startAnalytics(providers),
    onChange: ({ changedCategories }) => {
      if (!CookieConsent.acceptedCategory('analytics')) stopErrorTracking();
      // Marketing given later: the running providers must hear it, which takes a fresh page.
      if (loaded && changedCategories.includes('marketing')) location.reload();
      else startAnalytics(providers);
    },
    language: { default: lang, translations: { [lang]: texts } },
  });
}

export function showPreferences() {
  CookieConsent.showPreferences();
}
