'use client';

import { useCallback, useRef, useState } from 'react';

/**
 * Loads a module only when the visitor shows intent (hover, focus, a tap), so
 * heavy interactive parts such as menus and dialogs stay out of the JavaScript
 * every page downloads. `load` must be a stable, module-level function.
 */
export function useDeferredModule<T>(load: () => Promise<T>) {
  const [loaded, setLoaded] = useState<T | null>(null);
  const pending = useRef<Promise<T> | null>(null);

  /** Starts the download (once) without rendering anything new. */
  const preload = useCallback(() => {
    pending.current ??= load();
    return pending.current;
  }, [load]);

  /** Downloads if needed, then makes the module available to render. */
  const ensure = useCallback(async () => {
    const value = await preload();
    setLoaded(() => value);
    return value;
  }, [preload]);

  return { loaded, preload, ensure };
}
