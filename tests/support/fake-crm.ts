import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@/server/delivery/channels/webhook';

/**
 * Local stand-ins for the CRMs and a webhook receiver, answering as their
 * documentation says, failures included. Each takes a queue of failures to
 * answer the next requests with, so a test can make it refuse, limit or
 * break down, including after it has already created the lead (a timeout as
 * the sender sees it).
 */

async function listen(handle: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function json(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'Content-Type': type });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

// ---------------------------------------------------------------- Bitrix24

export type Bitrix24Failure = 'query-limit' | 'time-limit' | 'server-error' | 'error-after-create';

/** A to-do (universal activity) as crm.activity.todo.add takes it. */
export type Bitrix24Todo = {
  ownerTypeId: number;
  ownerId: number;
  deadline: string;
  title?: string;
  description?: string;
  responsibleId?: number;
  pingOffsets?: number[];
};

/**
 * Bitrix24's REST through an incoming webhook (`/rest/<user>/<key>/<method>.json`):
 * crm.lead.add, crm.lead.list and crm.deal.get (the deals a test puts in
 * `deals`; one it does not have is 400 "Not found", as Bitrix24 answers);
 * crm.activity.todo.add (a to-do on a CRM item: 400 OWNER_NOT_FOUND for a
 * lead that does not exist) and crm.activity.list of those. The documented
 * errors: a wrong key is 401 NO_AUTH_FOUND, too many requests a second is 503
 * QUERY_LIMIT_EXCEEDED, the method time limit is 429 OPERATION_TIME_LIMIT.
 */
export async function startFakeBitrix24(key = 'k3y0fthe4gency') {
  const leads = new Map<number, Record<string, unknown>>();
  const deals = new Map<number, Record<string, unknown>>();
  const todos = new Map<number, Bitrix24Todo>();
  const state = { failures: [] as Bitrix24Failure[], requests: 0 };
  const server = await listen((req, res, body) => {
    state.requests += 1;
    const match = /^\/rest\/1\/([^/]+)\/([\w.]+?)(?:\.json)?$/.exec(req.url ?? '');
    const time = { start: Date.now() / 1000, operating: 0.1 };
    if (!match || match[1] !== key)
      return json(res, 401, {
        error: 'NO_AUTH_FOUND',
        error_description: 'Wrong authorization data',
      });
    const failure = state.failures.shift();
    if (failure === 'query-limit')
      return json(res, 503, {
        error: 'QUERY_LIMIT_EXCEEDED',
        error_description: 'Too many requests',
      });
    if (failure === 'time-limit')
      return json(res, 429, {
        error: 'OPERATION_TIME_LIMIT',
        error_description: 'Method is blocked due to operation time limit.',
      });
    if (failure === 'server-error')
      return json(res, 500, {
        error: 'INTERNAL_SERVER_ERROR',
        error_description: 'Internal server error',
      });
    const request = JSON.parse(body || '{}') as {
      id?: string | number;
      fields?: Record<string, unknown>;
      filter?: Record<string, unknown>;
    } & Partial<Bitrix24Todo>;
    if (match[2] === 'crm.deal.get') {
      const deal = deals.get(Number(request.id));
      if (!deal) return json(res, 400, { error: '', error_description: 'Not found' });
      return json(res, 200, { result: { ID: String(request.id), ...deal }, time });
    }
    if (match[2] === 'crm.activity.todo.add') {
      const { ownerTypeId, ownerId, deadline } = request;
      if (ownerTypeId === undefined || ownerId === undefined || !deadline)
        return json(res, 400, { error: '100', error_description: 'Required fields are missing' });
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:[+-]\d{2}:\d{2}|Z)?$/.test(deadline))
        return json(res, 400, {
          error: 'WRONG_DATETIME_FORMAT',
          error_description: 'Wrong datetime format',
        });
      if (ownerTypeId !== 1 || !leads.has(ownerId))
        return json(res, 400, { error: 'OWNER_NOT_FOUND', error_description: 'Owner not found' });
      const id = 500 + todos.size + 1;
      todos.set(id, request as Bitrix24Todo);
      return json(res, 200, { result: { id }, time });
    }
    if (match[2] === 'crm.activity.list') {
      const filter = request.filter ?? {};
      const field: Record<string, (todo: Bitrix24Todo) => unknown> = {
        OWNER_TYPE_ID: (todo) => todo.ownerTypeId,
        OWNER_ID: (todo) => todo.ownerId,
        PROVIDER_ID: () => 'CRM_TODO',
        SUBJECT: (todo) => todo.title,
      };
      const found = [...todos].filter(([, todo]) =>
        Object.entries(filter).every(
          ([name, value]) => String(field[name.replace(/^=/, '')]?.(todo)) === String(value),
        ),
      );
      return json(res, 200, {
        result: found.map(([id]) => ({ ID: String(id) })),
        total: found.length,
        time,
      });
    }
    if (match[2] === 'crm.lead.add') {
      if (!request.fields)
        return json(res, 400, {
          error: 'INVALID_ARG_VALUE',
          error_description: 'fields are required',
        });
      const id = leads.size + 1;
      leads.set(id, request.fields);
      if (failure === 'error-after-create')
        return json(res, 500, {
          error: 'INTERNAL_SERVER_ERROR',
          error_description: 'Internal server error',
        });
      return json(res, 200, { result: id, time });
    }
    if (match[2] === 'crm.lead.list') {
      const filter = request.filter ?? {};
      const found = [...leads].filter(([, fields]) =>
        Object.entries(filter).every(([key, value]) => fields[key.replace(/^=/, '')] === value),
      );
      return json(res, 200, {
        result: found.map(([id]) => ({ ID: String(id) })),
        total: found.length,
        time,
      });
    }
    return json(res, 404, {
      error: 'ERROR_METHOD_NOT_FOUND',
      error_description: 'Method not found!',
    });
  });
  return { ...server, webhookUrl: `${server.url}/rest/1/${key}/`, leads, deals, todos, state };
}

// ---------------------------------------------------------------- amoCRM

export type AmocrmFailure = 'too-many-requests' | 'server-error' | 'error-after-create';

/** A task as POST /api/v4/tasks takes it. */
export type AmoTask = {
  id: number;
  task_type_id: number;
  text: string;
  complete_till: number;
  duration?: number;
  entity_id: number;
  entity_type: string;
  request_id?: string;
};

type AmoLead = {
  id: number;
  name: string;
  price?: number;
  custom_fields_values?: { field_id: number; values: { value: string }[] }[];
  contact: { name?: string; custom_fields_values?: unknown[] };
  notes: string[];
  unsorted: boolean;
};

/**
 * amoCRM API v4 with a long-lived token: the account's lead fields, leads
 * with their contact (`/leads/complex`), incoming leads (`/leads/unsorted/forms`),
 * notes, search (`?query=`, 204 when nothing matches) and one lead by its id
 * (204 when there is none). Errors are
 * application/problem+json: 401 for a wrong token, 400 with validation-errors
 * for a field the account does not have, 429 with `retry_after`.
 */
export async function startFakeAmocrm(token = 'amo-long-lived-token-0123456789') {
  const leads: AmoLead[] = [];
  const tasks: AmoTask[] = [];
  const fields = [
    { id: 501, name: 'utm_source', code: 'UTM_SOURCE', type: 'tracking_data' },
    { id: 502, name: 'utm_medium', code: 'UTM_MEDIUM', type: 'tracking_data' },
    { id: 503, name: 'utm_campaign', code: 'UTM_CAMPAIGN', type: 'tracking_data' },
    { id: 504, name: 'utm_term', code: 'UTM_TERM', type: 'tracking_data' },
    { id: 505, name: 'utm_content', code: 'UTM_CONTENT', type: 'tracking_data' },
    { id: 506, name: 'gclid', code: 'GCLID', type: 'tracking_data' },
    { id: 507, name: 'referrer', code: 'REFERRER', type: 'tracking_data' },
    { id: 508, name: 'Budget', code: null, type: 'numeric' },
  ];
  const state = { failures: [] as AmocrmFailure[], requests: 0 };
  const problem = (
    res: ServerResponse,
    status: number,
    title: string,
    detail: string,
    extra = {},
  ) =>
    json(
      res,
      status,
      { title, type: `https://httpstatus.es/${status}`, status, detail, ...extra },
      'application/problem+json',
    );

  const serverError = (res: ServerResponse) =>
    problem(
      res,
      500,
      'ErrInternalServer',
      'Our team are probably already working on the elimination of the problem',
    );

  function validate(lead: { custom_fields_values?: { field_id?: number }[] }) {
    return (lead.custom_fields_values ?? []).every((value) =>
      fields.some((field) => field.id === value.field_id),
    );
  }

  function create(
    lead: Omit<AmoLead, 'id' | 'contact' | 'notes' | 'unsorted'>,
    contact: AmoLead['contact'],
    unsorted: boolean,
  ) {
    const stored: AmoLead = { ...lead, id: 9000 + leads.length + 1, contact, notes: [], unsorted };
    leads.push(stored);
    return stored;
  }

  const server = await listen((req, res, body) => {
    state.requests += 1;
    if (req.headers.authorization !== `Bearer ${token}`)
      return problem(res, 401, 'Unauthorized', 'Invalid user name or password');
    const failure = state.failures.shift();
    if (failure === 'too-many-requests')
      return problem(
        res,
        429,
        'Too Many Requests',
        'You have sent too many requests in a given amount of time. Please try again later.',
        { retry_after: 1 },
      );
    if (failure === 'server-error') return serverError(res);
    const url = new URL(req.url ?? '/', 'http://x');
    const input = body ? (JSON.parse(body) as unknown) : undefined;

    if (req.method === 'GET' && url.pathname === '/api/v4/leads/custom_fields')
      return json(
        res,
        200,
        { _page: 1, _embedded: { custom_fields: fields } },
        'application/hal+json',
      );
    const one = /^\/api\/v4\/leads\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && one) {
      const lead = leads.find((item) => item.id === Number(one[1]));
      if (!lead) {
        res.writeHead(204);
        return res.end();
      }
      return json(
        res,
        200,
        { id: lead.id, name: lead.name, price: lead.price ?? 0, status_id: 142 },
        'application/hal+json',
      );
    }
    if (req.method === 'GET' && url.pathname === '/api/v4/leads') {
      const query = url.searchParams.get('query') ?? '';
      const found = leads.filter((lead) => lead.name.includes(query));
      if (found.length === 0) {
        res.writeHead(204);
        return res.end();
      }
      return json(
        res,
        200,
        { _page: 1, _embedded: { leads: found.map(({ id, name }) => ({ id, name })) } },
        'application/hal+json',
      );
    }
    if (req.method === 'POST' && url.pathname === '/api/v4/leads/complex') {
      const list = input as (Omit<AmoLead, 'id' | 'contact' | 'notes' | 'unsorted'> & {
        request_id?: string;
        _embedded?: { contacts?: AmoLead['contact'][] };
      })[];
      if (!Array.isArray(list) || list.length === 0 || list.length > 50)
        return problem(res, 400, 'Bad Request', 'Request data can not be empty');
      if (!list.every(validate))
        return problem(res, 400, 'Bad Request', 'Request validation failed', {
          'validation-errors': [
            {
              request_id: '0',
              errors: [
                {
                  code: 'NotSupportedChoice',
                  path: 'custom_fields_values.0.field_id',
                  detail: 'The value you selected is not a valid choice.',
                },
              ],
            },
          ],
        });
      const created = list.map(({ _embedded, request_id, ...lead }) => ({
        lead: create(lead, _embedded?.contacts?.[0] ?? {}, false),
        request_id,
      }));
      if (failure === 'error-after-create') return serverError(res);
      return json(
        res,
        200,
        created.map(({ lead, request_id }) => ({
          id: lead.id,
          contact_id: lead.id + 100_000,
          company_id: null,
          request_id: [request_id ?? '0'],
          merged: false,
        })),
      );
    }
    if (req.method === 'POST' && url.pathname === '/api/v4/leads/unsorted/forms') {
      const list = input as {
        request_id?: string;
        source_uid?: string;
        source_name?: string;
        metadata?: Record<string, unknown>;
        _embedded?: {
          leads?: Omit<AmoLead, 'id' | 'contact' | 'notes' | 'unsorted'>[];
          contacts?: AmoLead['contact'][];
        };
      }[];
      if (
        !Array.isArray(list) ||
        list.some((item) => !item.source_uid || !item.source_name || !item._embedded?.leads?.[0])
      )
        return problem(res, 400, 'Bad Request', 'Request validation failed');
      const created = list.map((item) => ({
        lead: create(item._embedded!.leads![0]!, item._embedded!.contacts?.[0] ?? {}, true),
        item,
      }));
      if (failure === 'error-after-create') return serverError(res);
      return json(
        res,
        200,
        {
          _total_items: created.length,
          _embedded: {
            unsorted: created.map(({ lead, item }) => ({
              uid: `uid-${lead.id}`,
              request_id: item.request_id ?? '0',
              _embedded: {
                leads: [{ id: lead.id }],
                contacts: [{ id: lead.id + 100_000 }],
                companies: [],
              },
            })),
          },
        },
        'application/hal+json',
      );
    }
    if (req.method === 'POST' && url.pathname === '/api/v4/tasks') {
      const list = input as Omit<AmoTask, 'id'>[];
      if (!Array.isArray(list) || list.length === 0)
        return problem(res, 400, 'Bad Request', 'Request data can not be empty');
      const invalid = list.some(
        (task) =>
          !task.text ||
          !Number.isInteger(task.complete_till) ||
          (task.entity_type === 'leads' && !leads.some((lead) => lead.id === task.entity_id)),
      );
      if (invalid) return problem(res, 400, 'Bad Request', 'Request validation failed');
      const created = list.map((task) => {
        const stored = { ...task, id: 7000 + tasks.length + 1 };
        tasks.push(stored);
        return stored;
      });
      if (failure === 'error-after-create') return serverError(res);
      return json(
        res,
        200,
        {
          _embedded: {
            tasks: created.map((task) => ({ id: task.id, request_id: task.request_id ?? '0' })),
          },
        },
        'application/hal+json',
      );
    }
    if (req.method === 'GET' && url.pathname === '/api/v4/tasks') {
      const type = url.searchParams.get('filter[entity_type]');
      const entity = url.searchParams.get('filter[entity_id]');
      const found = tasks.filter(
        (task) =>
          (!type || task.entity_type === type) && (!entity || String(task.entity_id) === entity),
      );
      if (found.length === 0) {
        res.writeHead(204);
        return res.end();
      }
      return json(res, 200, { _page: 1, _embedded: { tasks: found } }, 'application/hal+json');
    }
    const notes = /^\/api\/v4\/leads\/(\d+)\/notes$/.exec(url.pathname);
    if (req.method === 'POST' && notes) {
      const lead = leads.find((item) => item.id === Number(notes[1]));
      if (!lead) return problem(res, 404, 'Not Found', 'Lead not found');
      const list = input as { note_type: string; params: { text: string } }[];
      for (const note of list) lead.notes.push(note.params.text);
      return json(
        res,
        200,
        { _embedded: { notes: list.map((_, i) => ({ id: i + 1, entity_id: lead.id })) } },
        'application/hal+json',
      );
    }
    return problem(res, 404, 'Not Found', `Cannot ${req.method} ${url.pathname}`);
  });
  return { ...server, token, leads, tasks, state };
}

// ---------------------------------------------------------------- webhook

export type WebhookFailure = 'server-error' | 'too-many-requests' | 'error-after-receive';

/** A receiver that checks the signature as docs/channels.md tells, and keeps what it accepted. */
export async function startFakeWebhook(secret: string) {
  const received: { id: string; body: Record<string, unknown> }[] = [];
  const state = { failures: [] as WebhookFailure[], refusedSignatures: 0 };
  const server = await listen((req, res, body) => {
    const ok = verifyWebhook({
      secret,
      body,
      timestamp: (req.headers['x-webhook-timestamp'] as string | undefined) ?? null,
      signature: (req.headers['x-webhook-signature'] as string | undefined) ?? null,
    });
    if (!ok) {
      state.refusedSignatures += 1;
      return json(res, 401, { error: 'bad signature' });
    }
    const failure = state.failures.shift();
    if (failure === 'server-error') return json(res, 503, { error: 'down' });
    if (failure === 'too-many-requests') {
      res.writeHead(429, { 'Retry-After': '1' });
      return res.end();
    }
    received.push({
      id: req.headers['x-webhook-id'] as string,
      body: JSON.parse(body) as Record<string, unknown>,
    });
    if (failure === 'error-after-receive') return json(res, 502, { error: 'gateway' });
    json(res, 202, {});
  });
  return { ...server, received, state };
}
