import 'server-only';
import { randomUUID } from 'node:crypto';
import { env as publicEnv } from '@/env';
import { allowedOrigins } from '@/lib/http/origins';
import { serverEnv } from '@/server/env';
import { enabledChannels } from '@/server/delivery/wiring';
import { peerAddress } from '@/server/http/connection';
import type { SubmissionContext } from './submit';

export type HeaderSource = { get(name: string): string | null };

/**
 * The visitor's address, for the rate limit.
 *
 * With no proxy in front (TRUSTED_PROXIES=0) it is the address of the
 * connection, recorded before Next.js sees the request (src/server/http/connection.ts):
 * X-Forwarded-For is then whatever the client wrote, because Next.js adds the
 * connection's address only to a request that has no such header.
 *
 * Behind n proxies, each of which appends the address it received the request
 * from, the visitor is the n-th entry from the end: the one the outermost
 * trusted proxy wrote. Entries further left were written by the client. With
 * fewer entries than proxies (a proxy that does not append), the leftmost one.
 */
export function clientIp(
  headers: HeaderSource,
  trustedProxies = serverEnv().TRUSTED_PROXIES,
): string {
  const peer = peerAddress(headers);
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const ip =
    trustedProxies === 0 || chain.length === 0
      ? (peer ?? chain.at(-1))
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

export function submissionContext(headers: HeaderSource): SubmissionContext {
  return {
    ip: clientIp(headers),
    userAgent: headers.get('user-agent') ?? '',
    origin: headers.get('origin'),
    referer: headers.get('referer'),
    allowedOrigins: allowedOrigins(headers, publicEnv.SITE_URL),
    channels: enabledChannels(serverEnv()),
  };
}
