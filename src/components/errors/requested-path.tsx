'use client';

import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';

type RequestedPathProps = {
  /** `route`: the path matches no route; `param`: a route matched, its slug did not. */
  variant: 'route' | 'param';
};

function decode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * "Page not found: /the/path". The not-found boundary gets no props, so the
 * address the visitor asked for is read from the router, on the server as in
 * the browser.
 */
export function RequestedPath({ variant }: RequestedPathProps) {
  const t = useTranslations('NotFoundPage');
  const path = decode(usePathname());
  return <>{variant === 'route' ? t('unknownRoute', { path }) : t('unknownParam', { path })}</>;
}
