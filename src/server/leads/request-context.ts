import 'server-only';
import { randomUUID } from 'node:crypto';
import { env as publicEnv } from '@/env';
import { serverEnv } from '@/server/env';
import { enabledChannels } from './channels';
import type { SubmissionContext } from './submit';

type HeaderSource = { get(name: string): string | null };

/**
 * The visitor's address. Each trusted proxy in front of the site appends the
 * address it received the request from to X-Forwarded-For, and Next.js adds
 * the socket's address when there is no proxy; with TRUSTED_PROXIES = n the
 * visitor is the (n+1)-th entry from the end. Anything further left was written
 * by the client and is not trusted.
 */
export function clientIp(
  headers: HeaderSource,
  trustedProxies = serverEnv().TRUSTED_PROXIES,
): string {
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const ip = chain[Math.max(0, chain.length - 1 - trustedProxies)] ?? 'unknown';
  return ip.replace(/^::ffff:/, '').slice(0, 64);
}

/**
 * The id that ties a request's log lines together: the X-Request-Id a proxy or
 * CDN in front set, when it is a plain token, else a new one.
 */
export function requestId(headers: HeaderSource): string {
  const given = headers.get('x-request-id')?.trim();
  return given && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

/** The origins a form of this site can come from: the address it was requested on, and SITE_URL. */
export function allowedOrigins(headers: HeaderSource): string[] {
  const host = headers.get('x-forwarded-host') ?? headers.get('host');
  const proto = headers.get('x-forwarded-proto') ?? 'http';
  const origins = new Set([new URL(publicEnv.SITE_URL).origin]);
  if (host) origins.add(`${proto.split(',')[0]!.trim()}://${host.split(',')[0]!.trim()}`);
  return [...origins];
}

export function submissionContext(headers: HeaderSource): SubmissionContext {
  return {
    ip: clientIp(headers),
    userAgent: headers.get('user-agent') ?? '',
    origin: headers.get('origin'),
    allowedOrigins: allowedOrigins(headers),
    channels: enabledChannels(),
  };
}
