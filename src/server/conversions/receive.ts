import 'server-only';
import type { AnalyticsProviders } from '@/lib/analytics/config';
import type { Database } from '@/server/db/client';
import { amocrmLead } from '@/server/delivery/channels/amocrm';
import { bitrix24Deal, bitrix24Originator } from '@/server/delivery/channels/bitrix24';
import type { ConversionChannel } from '@/server/delivery/types';
import { enabledConversionChannels } from '@/server/delivery/wiring';
import type { ServerEnv } from '@/server/env';
import { readBody, UnreadableBody } from '@/server/leads/intake';
import { clientIp, requestId as requestIdOf } from '@/server/leads/request-context';
import { isUnavailable } from '@/server/leads/submit';
import { errorDetails, logger } from '@/server/log';
import { isOurDeal, recordDeal, type DealOutcome, type DealReport } from './deals';
import {
  amocrmWonStatus,
  bitrix24DealEvents,
  bitrix24Token,
  bodyFields,
  dealAmount,
  dealCurrency,
  MalformedBody,
  parseAmocrmHook,
  parseBitrix24Call,
  sameSecret,
  type Fields,
} from './parse';

/**
 * The CRMs' webhooks about deals (`POST /api/crm/bitrix24`, `/api/crm/amocrm`):
 * when a deal of one of the site's leads is won, the analytics services get
 * it back as an offline conversion (through the outbox: src/server/delivery/
 * channels/metrika.ts and ga4.ts).
 *
 * Each CRM proves itself with a secret set in the site's environment and
 * compared in constant time: Bitrix24's outgoing webhook sends its
 * application token in the form; amoCRM signs nothing, so its secret is in
 * the hook's address. Without that setting the address does not exist (404).
 * Answers: 200 with `{ matched, deals }` (a deal of no lead of ours is
 * `matched: false`, so the CRM does not retry it), 400 for a body that is
 * not the CRM's form, 403 for a missing or wrong secret (logged, without it),
 * 413 past 64 KB, 429 for a wrong secret after too many from one address, 503 when the
 * CRM's API or the database cannot be reached (the CRM may try again).
 */

export const crmNames = ['bitrix24', 'amocrm'] as const;
export type CrmName = (typeof crmNames)[number];

export const crmWebhookLimits = {
  maxBodyBytes: 64 * 1024,
  /** Refused requests (a wrong secret) one address may send in the window before they get 429. */
  refusalsPerAddress: 20,
  windowMs: 10 * 60 * 1000,
  /** The wait a 503 asks for. */
  retryAfterSeconds: 60,
} as const;

export type CrmWebhookDeps = {
  getDb: () => Promise<Database>;
  env: ServerEnv;
  /** The analytics services the build loads (by default, the build's own). */
  providers?: AnalyticsProviders;
  now?: () => Date;
};

/** Refusals per address, in this process: guessing the secret is slowed, the log not flooded. */
const refusals = new Map<string, number[]>();

/** Forgets the refusals counted so far (tests). */
export function forgetRefusals() {
  refusals.clear();
}

function recentRefusals(ip: string, now: number): number[] {
  const recent = (refusals.get(ip) ?? []).filter((at) => now - at < crmWebhookLimits.windowMs);
  if (recent.length > 0) refusals.set(ip, recent);
  else refusals.delete(ip);
  return recent;
}

/** Counts a refusal from `ip`; returns how many it has had in the window, this one included. */
function noteRefusal(ip: string, now: number): number {
  // Bounded: a flood from many addresses cannot grow the map without end.
  if (refusals.size >= 10_000 && !refusals.has(ip)) {
    const oldest = refusals.keys().next().value;
    if (oldest !== undefined) refusals.delete(oldest);
  }
  // At most one more than the limit is kept: what matters is being past it.
  const recent = [...recentRefusals(ip, now), now].slice(
    -(crmWebhookLimits.refusalsPerAddress + 2),
  );
  refusals.set(ip, recent);
  return recent.length;
}

const noStore = { 'Cache-Control': 'no-store' } as const;

function answer(status: number, body: unknown, requestId: string, headers = {}) {
  return Response.json(body, {
    status,
    headers: { ...noStore, 'X-Request-Id': requestId, ...headers },
  });
}

export function isCrmName(value: string | undefined): value is CrmName {
  return (crmNames as readonly (string | undefined)[]).includes(value);
}

/** The secret the site expects from `crm`, or undefined when its webhook is off. */
function expectedSecret(crm: CrmName, env: ServerEnv): string | undefined {
  return crm === 'bitrix24' ? env.BITRIX24_OUTGOING_TOKEN : env.AMOCRM_WEBHOOK_SECRET;
}

/** Whether the site takes `crm`'s webhook: a known CRM whose secret is set. */
export function crmWebhookOn(crm: string | undefined, env: ServerEnv): crm is CrmName {
  return isCrmName(crm) && !!expectedSecret(crm, env);
}

/** A failure reading the deal from the CRM, or of the database: worth the CRM's retry. */
class TryLater extends Error {
  override name = 'TryLater';
}

/** What a deal report comes to, per deal: for the answer and the log. */
type DealResult = { id: string; outcome: DealOutcome };

/** Bitrix24: the call names the deal; its stage, amount and lead are read through the REST API. */
async function bitrix24Reports(fields: Fields, env: ServerEnv): Promise<DealReport[] | 'ignored'> {
  const call = parseBitrix24Call(fields);
  if (!call) throw new MalformedBody('not a Bitrix24 outgoing webhook call');
  if (!bitrix24DealEvents.has(call.event)) return 'ignored';
  let deal;
  try {
    deal = await bitrix24Deal(env.BITRIX24_WEBHOOK_URL!, call.dealId);
  } catch (error) {
    throw new TryLater(`could not read the deal from Bitrix24: ${errorDetails(error).error}`);
  }
  if (!deal) return [];
  const leadId = deal.LEAD_ID === null || deal.LEAD_ID === undefined ? '' : String(deal.LEAD_ID);
  return [
    {
      crm: 'bitrix24',
      dealId: call.dealId,
      crmLeadId: /^\d+$/.test(leadId) && leadId !== '0' ? leadId : null,
      reference: deal.ORIGINATOR_ID === bitrix24Originator ? (deal.ORIGIN_ID ?? null) : null,
      stage: typeof deal.STAGE_ID === 'string' ? deal.STAGE_ID.slice(0, 100) : null,
      won: deal.STAGE_SEMANTIC_ID === 'S',
      amount: dealAmount(deal.OPPORTUNITY),
      currency: dealCurrency(deal.CURRENCY_ID),
    },
  ];
}

/**
 * amoCRM: the hook carries each deal's status and, usually, its budget; a won
 * deal whose budget the hook left out has it read through the API.
 */
async function amocrmReports(
  fields: Fields,
  env: ServerEnv,
  getDb: () => Promise<Database>,
): Promise<DealReport[]> {
  const changes = parseAmocrmHook(fields);
  if (!changes) throw new MalformedBody('not an amoCRM lead status web hook');
  const reports: DealReport[] = [];
  for (const change of changes) {
    const won = change.statusId === amocrmWonStatus;
    const report: DealReport = {
      crm: 'amocrm',
      dealId: change.id,
      crmLeadId: change.id,
      stage: change.pipelineId ? `${change.pipelineId}:${change.statusId}` : change.statusId,
      won,
      amount: dealAmount(change.price),
      currency: null,
    };
    // Asked of amoCRM only for a won deal of the site's own: every other deal costs no request.
    if (won && change.price === null && (await isOurDeal(await getDb(), report))) {
      try {
        report.amount = dealAmount((await amocrmLead(env, change.id))?.price);
      } catch (error) {
        throw new TryLater(`could not read the deal from amoCRM: ${errorDetails(error).error}`);
      }
    }
    // amoCRM keeps every budget in the account's one currency.
    report.currency = report.amount === null ? null : env.AMOCRM_CURRENCY;
    reports.push(report);
  }
  return reports;
}

/**
 * One call of a CRM's webhook: `crm` is the address's last part, `peer` the
 * connection's address (for the count of refusals).
 */
export async function receiveCrmWebhook(
  crm: string | undefined,
  request: Request,
  peer: string | undefined,
  deps: CrmWebhookDeps,
): Promise<Response> {
  const { env } = deps;
  const requestId = requestIdOf(request.headers);
  if (!crmWebhookOn(crm, env)) return answer(404, { error: 'not_found' }, requestId);
  const secret = expectedSecret(crm, env)!;
  const ip = clientIp(request.headers, peer, env.TRUSTED_PROXIES);
  const now = deps.now?.() ?? new Date();

  // The right secret always passes: the CRM's servers are shared, and someone
  // else's refusals from the same address must not shut the CRM out. Past the
  // limit, a wrong one is answered 429 and no longer logged, one line saying so.
  const refuse = (reason: 'missing' | 'wrong') => {
    const count = noteRefusal(ip, now.getTime());
    const { refusalsPerAddress, windowMs } = crmWebhookLimits;
    if (count > refusalsPerAddress) {
      if (count === refusalsPerAddress + 1)
        logger.warn(
          { event: 'crm.webhook.refusals', crm, requestId, refusals: count },
          `too many refused webhook calls from one address; answered 429 and not logged for ${windowMs / 60_000} minutes`,
        );
      return answer(429, { error: 'too_many_refusals' }, requestId, {
        'Retry-After': String(Math.ceil(windowMs / 1000)),
      });
    }
    // Never the secret that was sent, nor anything else of the request.
    logger.warn(
      { event: 'crm.webhook.refused', crm, reason, requestId },
      `a webhook from ${crm} came with a ${reason} secret; refused`,
    );
    return answer(403, { error: 'forbidden' }, requestId);
  };

  // amoCRM's secret is in the address: checked before the body is read.
  if (crm === 'amocrm') {
    const given = new URL(request.url).searchParams.get('secret');
    if (!sameSecret(given, secret)) return refuse(given ? 'wrong' : 'missing');
  }

  let fields: Fields;
  try {
    fields = bodyFields(
      await readBody(request, crmWebhookLimits.maxBodyBytes),
      request.headers.get('content-type') ?? '',
    );
  } catch (error) {
    if (error instanceof UnreadableBody && error.status === 'too_large')
      return answer(413, { error: 'too_large' }, requestId);
    if (error instanceof UnreadableBody || error instanceof MalformedBody)
      return answer(400, { error: 'bad_request' }, requestId);
    throw error;
  }

  if (crm === 'bitrix24') {
    const given = bitrix24Token(fields);
    if (!sameSecret(given, secret)) return refuse(given ? 'wrong' : 'missing');
  }

  let results: DealResult[];
  try {
    const reports =
      crm === 'bitrix24'
        ? await bitrix24Reports(fields, env)
        : await amocrmReports(fields, env, deps.getDb);
    if (reports === 'ignored') {
      logger.info(
        { event: 'crm.webhook.ignored', crm, requestId },
        'a Bitrix24 event other than a deal update: nothing to do',
      );
      return answer(200, { matched: false, deals: [] }, requestId);
    }
    const channels: ConversionChannel[] = enabledConversionChannels(env, deps.providers);
    const db = reports.length > 0 ? await deps.getDb() : undefined;
    results = [];
    for (const report of reports)
      results.push({ id: report.dealId, outcome: await recordDeal(db!, report, channels, now) });
  } catch (error) {
    if (error instanceof MalformedBody) return answer(400, { error: 'bad_request' }, requestId);
    if (error instanceof TryLater || isUnavailable(error)) {
      logger.warn(
        {
          event: 'crm.webhook.later',
          crm,
          requestId,
          ...(error instanceof TryLater ? { error: error.message } : errorDetails(error)),
        },
        'a deal could not be recorded now; answered 503 for the CRM to try again',
      );
      return answer(503, { error: 'unavailable' }, requestId, {
        'Retry-After': String(crmWebhookLimits.retryAfterSeconds),
      });
    }
    logger.error(
      { event: 'crm.webhook.error', crm, requestId, ...errorDetails(error) },
      'a CRM webhook failed',
    );
    throw new Error(`CRM webhook failed (request ${requestId})`);
  }

  for (const { id, outcome } of results) {
    if (!outcome.matched) {
      logger.info(
        { event: 'crm.deal.unmatched', crm, dealId: id, requestId },
        'a deal of no lead of this site: nothing recorded',
      );
      continue;
    }
    logger.info(
      {
        event: 'crm.deal',
        crm,
        dealId: id,
        reference: outcome.reference,
        won: outcome.won,
        requestId,
        ...(outcome.firstWon ? { firstWon: true, queued: outcome.queued } : {}),
        ...(outcome.otherDealWon ? { otherDealWon: true } : {}),
      },
      outcome.firstWon
        ? `deal won; conversions queued for ${outcome.queued.join(', ') || 'no analytics service'}`
        : 'deal recorded',
    );
  }
  return answer(
    200,
    {
      matched: results.some(({ outcome }) => outcome.matched),
      deals: results.map(({ id, outcome }) => ({
        id,
        matched: outcome.matched,
        ...(outcome.matched ? { won: outcome.won } : {}),
      })),
    },
    requestId,
  );
}
