import { consentSettingsId, type ConsentSettings } from '@/components/consent/settings';

const runtime = () => import('@/components/consent/consent-runtime');

/**
 * Asks for consent to analytics once the page is usable: the banner's code
 * (vanilla-cookieconsent, chosen for being small, framework-free, accessible
 * and well kept) loads when the browser is idle, so it never competes with
 * the page's own code, and draws a fixed box that moves nothing on the page.
 * Only a build with an analytics provider has any of this: without one the
 * body is empty and the banner's code is not even built, and such a page
 * carries no settings.
 */
export function startConsent(): void {
  if (!process.env.APP_ANALYTICS) return;
  const data = document.getElementById(consentSettingsId)?.textContent;
  if (!data) return;
  const settings = JSON.parse(data) as ConsentSettings;
  let started: Promise<void> | undefined;
  const start = () => (started ??= runtime().then(({ startConsent }) => startConsent(settings)));
  // Safari has no requestIdleCallback: a moment after load stands in for it.
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(() => void start(), { timeout: 3000 });
  } else {
    setTimeout(() => void start(), 1500);
  }
  // "Cookie settings" (in the footer) clicked before the banner's code is here: it comes at once.
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('[data-consent-settings]');
    if (!button) return;
    event.preventDefault();
    void start().then(() => runtime().then(({ showPreferences }) => showPreferences()));
  });
}
