/**
 * The safe-navigation rule, in one place: every programmatic navigation and
 * every href from configuration or content passes `checkNavigation`. No DOM in
 * here, so the build can run it too.
 */

export type NavigationOptions = {
  /** The URL may leave the site (another host, `mailto:`, `tel:` …). */
  external?: boolean;
};

export class NavigationError extends Error {
  override name = 'NavigationError';
}

export const externalNavigationMessage =
  'Navigating to an external URL is not allowed by default. Use `navigate(url, { external: true })`.';

export const scriptProtocolMessage = (protocol: string) =>
  `Cannot navigate to a URL with '${protocol}' protocol.`;

const scriptProtocols = new Set(['javascript:', 'vbscript:', 'data:', 'blob:']);

/**
 * The URL as a browser reads it: leading spaces and control characters are
 * dropped, and tabs and line breaks anywhere are ignored ("java\tscript:" is
 * `javascript:` to a browser).
 */
function asBrowserReads(url: string): string {
  // Control characters are what this strips, as the URL parser does.
  // eslint-disable-next-line no-control-regex
  return url.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
}

/** The URL's scheme, lower-cased with its colon (`javascript:`), or `null` for a path. */
export function protocolOf(url: string): string | null {
  const match = /^([a-z][a-z\d+.-]*):/i.exec(asBrowserReads(url));
  return match ? `${match[1]!.toLowerCase()}:` : null;
}

/** A URL with a scheme, or one that starts with `//` (a browser also reads `/\` and `\\` so). */
export function isExternalUrl(url: string): boolean {
  const read = asBrowserReads(url);
  return protocolOf(read) !== null || /^[/\\]{2}/.test(read);
}

/**
 * Throws a `NavigationError` for a URL the site must not navigate to: a script
 * protocol always, an external URL unless the caller says `{ external: true }`.
 */
export function checkNavigation(url: string, options: NavigationOptions = {}): void {
  const protocol = protocolOf(url);
  if (protocol && scriptProtocols.has(protocol)) {
    throw new NavigationError(scriptProtocolMessage(protocol));
  }
  if (isExternalUrl(url) && !options.external) {
    throw new NavigationError(externalNavigationMessage);
  }
}

/** Where `checkNavigation` would refuse, the reason; otherwise `null`. */
export function navigationProblem(url: string, options: NavigationOptions = {}): string | null {
  try {
    checkNavigation(url, options);
    return null;
  } catch (error) {
    if (error instanceof NavigationError) return error.message;
    throw error;
  }
}
