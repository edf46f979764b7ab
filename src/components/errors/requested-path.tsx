'use client';

import { usePathname } from 'next/navigation';

type RequestedPathProps = {
  /** The translated message with `{path}` left in it: "Page not found: {path}". */
  template: string;
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
export function RequestedPath({ template }: RequestedPathProps) {
  return <>{template.replace('{path}', decode(usePathname()))}</>;
}
