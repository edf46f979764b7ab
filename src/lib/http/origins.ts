type HeaderSource = { get(name: string): string | null };

/**
 * The origins a form of this site can be posted from: SITE_URL, and the
 * address the request reached the site on as the proxy in front reports it
 * (X-Forwarded-Host and -Proto), else the Host header.
 */
export function allowedOrigins(headers: HeaderSource, siteUrl: string): string[] {
  const host = headers.get('x-forwarded-host') ?? headers.get('host');
  const proto = headers.get('x-forwarded-proto') ?? 'http';
  const origins = new Set([new URL(siteUrl).origin]);
  if (host) origins.add(`${proto.split(',')[0]!.trim()}://${host.split(',')[0]!.trim()}`);
  return [...origins];
}
