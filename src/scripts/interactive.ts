/**
 * Islands that hydrate without waiting for the visitor: at load or when the
 * browser is idle. Astro removes `ssr` from an island once it has hydrated.
 */
const awaitedIslands = 'astro-island[ssr]:is([client="load"], [client="idle"])';

/**
 * Marks the page interactive (`<html data-hydrated>`, which end-to-end tests
 * and monitoring wait for) once the page's script has run and the islands
 * that hydrate by themselves have: from then on every control answers. An
 * island that fails to hydrate is settled too: it will not get any better.
 * Resolves when the mark is set.
 */
export function markInteractive(): Promise<void> {
  const pending = new Set(document.querySelectorAll(awaitedIslands));
  return new Promise((resolve) => {
    const done = () => {
      document.documentElement.dataset.hydrated = 'true';
      resolve();
    };
    if (pending.size === 0) return done();
    const settle = (island: EventTarget | null) => {
      if (!(island instanceof Element) || !pending.delete(island) || pending.size > 0) return;
      observer.disconnect();
      document.removeEventListener('astro:hydration-error', onError);
      done();
    };
    const observer = new MutationObserver((records) => {
      for (const { target } of records) {
        if (target instanceof Element && !target.hasAttribute('ssr')) settle(target);
      }
    });
    const onError = (event: Event) => settle(event.target);
    for (const island of pending) {
      observer.observe(island, { attributes: true, attributeFilter: ['ssr'] });
    }
    document.addEventListener('astro:hydration-error', onError);
  });
}
