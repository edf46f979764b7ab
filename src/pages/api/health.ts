import type { APIRoute } from 'astro';
import { sql } from 'drizzle-orm';
import { getDb } from '@/server/db/client';

export const prerender = false;

/** For load balancers and container health checks: does the database answer? */
export const GET: APIRoute = async () => {
  const started = Date.now();
  try {
    const db = await getDb();
    await Promise.race([
      db.execute(sql`SELECT 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3_000)),
    ]);
    return Response.json(
      { status: 'ok', database: 'up', latencyMs: Date.now() - started },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  } catch {
    return Response.json(
      { status: 'unavailable', database: 'down' },
      { status: 503, headers: { 'Cache-Control': 'no-store' } },
    );
  }
};
