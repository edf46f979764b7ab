import { describe, expect, it, vi } from 'vitest';
import { locales } from '@/i18n/locales';
import { goal } from '@/lib/analytics/goals';
import { analyticsServicesText } from '@/server/content/analytics-services';
import { everyProvider } from '../support/analytics';

describe('the privacy policy’s analytics paragraph', () => {
  it.each(locales)(
    'in %s says there is none, or lists exactly the providers that are on',
    async (locale) => {
      const none = await analyticsServicesText(locale, {});
      expect(none).not.toMatch(/Google|Umami|Metri/);
      const every = await analyticsServicesText(locale, everyProvider);
      for (const name of ['Google Analytics 4', 'Umami']) expect(every).toContain(name);
      expect(every).toMatch(/Metri[ck]a|Метрика/);
      expect(every).toContain('`consent`');
      const umamiOnly = await analyticsServicesText(locale, {
        UMAMI_SCRIPT_URL: everyProvider.UMAMI_SCRIPT_URL,
        UMAMI_WEBSITE_ID: everyProvider.UMAMI_WEBSITE_ID,
      });
      expect(umamiOnly).toContain('Umami');
      expect(umamiOnly).not.toMatch(/Google|_ga|_ym/);
    },
  );
});

describe('goal()', () => {
  it('does nothing in a build without analytics, and dispatches the goal in one with', () => {
    const dispatchEvent = vi.fn();
    vi.stubGlobal('window', { dispatchEvent });
    goal('article_read', { slug: 'x' });
    expect(dispatchEvent).not.toHaveBeenCalled();
    vi.stubEnv('APP_ANALYTICS', '1');
    goal('article_read', { slug: 'x' });
    expect(dispatchEvent).toHaveBeenCalledTimes(1);
    const [event] = dispatchEvent.mock.calls[0] as [CustomEvent];
    expect(event.type).toBe('agency:goal');
    expect(event.detail).toEqual({ name: 'article_read', params: { slug: 'x' } });
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });
});
