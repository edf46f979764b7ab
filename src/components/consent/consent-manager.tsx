'use client';

import { useEffect } from 'react';
import type { ConsentSettings } from './consent-runtime';

const runtime = () => import('./consent-runtime');

/**
 * Asks for consent to analytics, once the page is usable: the banner's code
 * (vanilla-cookieconsent, chosen for being small, framework-free, accessible
 * and well kept) loads when the browser is idle, so it never competes with the
 * page's own code, and draws a fixed box that moves nothing on the page.
 * Rendered only in a build with an analytics provider (see src/lib/analytics).
 */
export function ConsentManager(settings: ConsentSettings) {
  useEffect(() => {
    let started: Promise<void> | undefined;
    const start = () => (started ??= runtime().then(({ startConsent }) => startConsent(settings)));
    // Safari has no requestIdleCallback: a moment after load stands in for it.
    const idleCallback = typeof window.requestIdleCallback === 'function';
    const idle = idleCallback
      ? window.requestIdleCallback(() => void start(), { timeout: 3000 })
      : globalThis.setTimeout(() => void start(), 1500);
    // "Cookie settings" clicked before the banner's code is here: it comes at once.
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest?.('[data-consent-settings]');
      if (!button) return;
      event.preventDefault();
      void start().then(() => runtime().then(({ showPreferences }) => showPreferences()));
    };
    document.addEventListener('click', onClick);
    return () => {
      if (idleCallback) window.cancelIdleCallback(idle as number);
      else globalThis.clearTimeout(idle);
      document.removeEventListener('click', onClick);
    };
    // The settings are fixed for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
