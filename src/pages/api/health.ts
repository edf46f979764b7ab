import type { APIRoute } from 'astro';
import { sql } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { deliveryStatus } from '@/server/delivery/health';
import { enabledOutboxChannels } from '@/server/delivery/wiring';
import { serverEnv } from '@/server/env';
import { errorDetails, logger } from '@/server/log';
import { readOnlyRoute } from '@/server/http/read-only-route';

export const prerender = false;

const headers = { 'Cache-Control': 'no-store' };

/** `work`, or a rejection after `ms`, without leaving a timer behind. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers, container health checks and monitoring: does the
 * database answer (503 when it does not: take this instance out), and do
 * leads reach the team and won deals the analytics services (`degraded`,
 * still 200: another instance would not deliver any better)? Counts, times and outcomes only: no lead, no contact,
 * no error text (`npm run leads -- status` shows those to an operator).
 */
export const GET: APIRoute = async () => {
  const started = Date.now();
  let db;
  try {
    db = await getDb();
    await within(3_000, db.execute(sql`SELECT 1`));
  } catch {
    return Response.json({ status: 'unavailable', database: 'down' }, { status: 503, headers });
  }
  const latencyMs = Date.now() - started;
  try {
    const { health } = await within(3_000, deliveryStatus(db, enabledOutboxChannels(serverEnv())));
    return Response.json(
      { status: health.status, database: 'up', latencyMs, delivery: health },
      { headers },
    );
  } catch (error) {
    // The database answers but the delivery state could not be read: the
    // instance still serves, and whoever watches the health sees it.
    logger.error(
      { event: 'health.delivery', ...errorDetails(error) },
      'could not read the delivery state for /api/health',
    );
    return Response.json(
      { status: 'degraded', database: 'up', latencyMs, delivery: null },
      { headers },
    );
  }
};

export const ALL = readOnlyRoute(GET);
