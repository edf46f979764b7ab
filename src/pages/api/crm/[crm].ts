import type { APIRoute } from 'astro';
import { getDb } from '@/server/db/client';
import { crmWebhookOn, receiveCrmWebhook } from '@/server/conversions/receive';
import { serverEnv } from '@/server/env';

export const prerender = false;

/**
 * The CRMs' webhooks about deals: `POST /api/crm/bitrix24` (Bitrix24's
 * outgoing webhook, ONCRMDEALUPDATE) and `POST /api/crm/amocrm?secret=…`
 * (amoCRM's web hook on a lead's status). A won deal of one of the site's
 * leads goes back to the analytics services as an offline conversion
 * (src/server/conversions/receive.ts). Never cached.
 */
export const POST: APIRoute = ({ params, request, clientAddress }) =>
  receiveCrmWebhook(params.crm, request, clientAddress, { getDb, env: serverEnv() });

/** Any other method: 405 where a webhook is on, 404 where there is none. */
export const ALL: APIRoute = ({ params }) => {
  const on = crmWebhookOn(params.crm, serverEnv());
  return new Response(on ? '405 Method Not Allowed\n' : '404 Not Found\n', {
    status: on ? 405 : 404,
    headers: {
      'Cache-Control': 'no-store',
      'Content-Type': 'text/plain; charset=utf-8',
      ...(on ? { Allow: 'POST' } : {}),
    },
  });
};
