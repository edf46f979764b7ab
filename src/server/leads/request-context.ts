import 'server-only';
import { randomUUID } from 'node:crypto';
import { env as publicEnv } from '@/env';
import { allowedOrigins } from '@/lib/http/origins';
import { serverEnv } from '@/server/env';
import { enabledChannels } from '@/server/delivery/wiring';
import type { SubmissionContext } from './submit';

export type HeaderSource = { get(name: string): string | null };

/**
 * The visitor's address, for the rate limit. `peer` is the address of the
 * connection the request came on (Astro's `context.clientAddress`, which is
 * the socket's address: the site lists no `allowedDomains`, so Astro never
 * takes it from X-Forwarded-For).
 *
 * With no proxy in front (TRUSTED_PROXIES=0) it is that connection:
 * X-Forwarded-For is then whatever the client wrote.
 *
 * Behind n proxies, each of which appends the address it received the request
 * from, the visitor is the n-th entry from the end: the one the outermost
 * trusted proxy wrote. Entries further left were written by the client. With
 * fewer entries than proxies (a proxy that does not append), the leftmost one;
 * with none at all (a proxy that sent no header), the connection.
 */
export function clientIp(
  headers: HeaderSource,
  peer: string | undefined,
  trustedProxies = serverEnv().TRUSTED_PROXIES,
): string {
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const ip =
    trustedProxies === 0 || chain.length === 0
      ? peer
      : chain[Math.max(0, chain.length - trustedProxies)];
  return normalizeIp(ip ?? 'unknown');
}

function normalizeIp(ip: string): string {
  return (
    ip
      .replace(/^::ffff:/, '')
      .replace(/[^0-9A-Za-z.:_-]/g, '')
      .slice(0, 64) || 'unknown'
  );
}

/**
 * The id that ties a request's log lines together: the X-Request-Id a proxy or
 * CDN in front set, when it is a plain token, else a new one.
 */
export function requestId(headers: HeaderSource): string {
  const given = headers.get('x-request-id')?.trim();
  return given && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

/**
 * What the intake needs to know about a submission's request. `peer` is the
 * connection's address (`context.clientAddress` in an Astro route).
 */
export function submissionContext(
  headers: HeaderSource,
  peer: string | undefined,
): SubmissionContext {
  return {
    ip: clientIp(headers, peer),
    userAgent: headers.get('user-agent') ?? '',
    origin: headers.get('origin'),
    referer: headers.get('referer'),
    allowedOrigins: allowedOrigins(headers, publicEnv.SITE_URL),
    channels: enabledChannels(serverEnv()),
  };
}
