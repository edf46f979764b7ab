import type { APIRoute } from 'astro';
import { getDb } from '@/server/db/client';
import { issueFormToken } from '@/server/leads/form-token';
import { isUnavailable } from '@/server/leads/submit';
import { readOnlyRoute } from '@/server/http/read-only-route';

export const prerender = false;

/**
 * A fresh form token and idempotency key, fetched by the form when the visitor
 * turns to it (src/lib/consultation/requests.ts).
 */
export const GET: APIRoute = async () => {
  try {
    const token = await issueFormToken(await getDb());
    return Response.json(
      { token, key: crypto.randomUUID() },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    return Response.json(
      { status: 'unavailable' },
      { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '30' } },
    );
  }
};

export const ALL = readOnlyRoute(GET);
