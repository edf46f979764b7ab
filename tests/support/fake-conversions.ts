import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the services won deals go back to: Yandex Metrica's
 * Management API (offline conversions) and GA4's Measurement Protocol. Each
 * keeps what it accepted, and takes a queue of failures to answer the next
 * requests with, as the services document them.
 */

async function listen(handle: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void) {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function json(res: ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A CSV of the upload, line by line, as records of its columns. */
function csvRecords(text: string): Record<string, string>[] {
  const [head, ...lines] = text.trim().split('\n');
  const columns = head!.split(',');
  return lines.map((line) =>
    Object.fromEntries(line.split(',').map((value, i) => [columns[i]!, value])),
  );
}

export type MetrikaFailure = 'server-error' | 'quota' | 'access-denied';

export type MetrikaUpload = {
  counterId: string;
  clientIdType: string | null;
  fileName: string | null;
  csv: string;
  rows: Record<string, string>[];
};

/**
 * `POST /management/v1/counter/{counterId}/offline_conversions/upload`: a
 * multipart form whose `file` is the CSV, with `Authorization: OAuth <token>`.
 * A wrong token is 403 access_denied; the quota is 429; a counter other than
 * `counterId` is 404. It answers `{ uploading: { id, … } }`.
 */
export async function startFakeMetrika(token = 'y0_fake-metrika-oauth-token-0123456789') {
  const uploads: MetrikaUpload[] = [];
  const state = { failures: [] as MetrikaFailure[], requests: 0 };
  const problem = (res: ServerResponse, status: number, type: string, message: string) =>
    json(res, status, { errors: [{ error_type: type, message }], code: status, message });
  const server = await listen((req, res, body) => {
    state.requests += 1;
    const url = new URL(req.url ?? '/', 'http://x');
    const match = /^\/management\/v1\/counter\/(\d+)\/offline_conversions\/upload$/.exec(
      url.pathname,
    );
    if (req.method !== 'POST' || !match) return problem(res, 404, 'not_found', 'Entity not found');
    if (req.headers.authorization !== `OAuth ${token}`)
      return problem(res, 403, 'access_denied', 'Access is denied');
    const failure = state.failures.shift();
    if (failure === 'access-denied') return problem(res, 403, 'access_denied', 'Access is denied');
    if (failure === 'quota')
      return json(
        res,
        429,
        { errors: [{ error_type: 'quota_requests', message: 'Quota exceeded' }], code: 429 },
        { 'Retry-After': '1' },
      );
    if (failure === 'server-error')
      return problem(res, 503, 'backend_error', 'Service temporarily unavailable');
    void new Request('http://x', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: new Uint8Array(body),
    })
      .formData()
      .then(async (form) => {
        const file = form.get('file');
        if (!file || typeof file === 'string')
          return problem(res, 400, 'invalid_parameter', 'file is required');
        const csv = await file.text();
        uploads.push({
          counterId: match[1]!,
          clientIdType: url.searchParams.get('client_id_type'),
          fileName: file.name,
          csv,
          rows: csvRecords(csv),
        });
        json(res, 200, {
          uploading: {
            id: 5000 + uploads.length,
            source_quantity: 1,
            line_quantity: 1,
            type: 'BASIC',
            client_id_type: url.searchParams.get('client_id_type') ?? 'CLIENT_ID',
            status: 'UPLOADED',
          },
        });
      })
      .catch(() => problem(res, 400, 'invalid_parameter', 'not a multipart form'));
  });
  return { ...server, token, uploads, state };
}

export type Ga4Failure = 'server-error' | 'too-many-requests';

export type Ga4Hit = { measurementId: string | null; body: Record<string, unknown> };

/**
 * `POST /mp/collect?measurement_id=…&api_secret=…`: GA4 answers 204 to any
 * body it can read (events are checked only by /debug/mp/collect), so a hit
 * with another api_secret is accepted and dropped, as GA4 does; `hits` keeps
 * those with the right one.
 */
export async function startFakeGa4(apiSecret = 'fakeGa4ApiSecret_0123') {
  const hits: Ga4Hit[] = [];
  const state = { failures: [] as Ga4Failure[], requests: 0, dropped: 0 };
  const server = await listen((req, res, body) => {
    state.requests += 1;
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method !== 'POST' || url.pathname !== '/mp/collect') {
      res.writeHead(404);
      return res.end();
    }
    const failure = state.failures.shift();
    if (failure === 'server-error') {
      res.writeHead(500);
      return res.end();
    }
    if (failure === 'too-many-requests') {
      res.writeHead(429, { 'Retry-After': '1' });
      return res.end();
    }
    if (url.searchParams.get('api_secret') !== apiSecret) state.dropped += 1;
    else
      hits.push({
        measurementId: url.searchParams.get('measurement_id'),
        body: JSON.parse(body.toString('utf8')) as Record<string, unknown>,
      });
    res.writeHead(204);
    res.end();
  });
  return { ...server, apiSecret, hits, state };
}
