import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * A stand-in for Sentry (or GlitchTip) on a local port: it takes envelopes
 * where the SDKs send them, `POST /api/<project>/envelope/`, compressed
 * (gzip, deflate, brotli) or not, from Node.js or from a browser (CORS), and
 * keeps each one as it arrived (`raw`, to look for what must never be in it)
 * and decoded into its items. The events are the items of type `event`.
 */

export type EnvelopeItem = { header: Record<string, unknown>; payload: unknown };
export type Envelope = {
  project: string;
  /** The query the SDK added (its key, its version), never the page's. */
  query: string;
  headers: IncomingMessage['headers'];
  /** The whole envelope as text, decompressed. */
  raw: string;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
};

/** The parts of a Sentry event the tests read. */
export type SentryEvent = {
  event_id?: string;
  level?: string;
  message?: string | { formatted?: string };
  environment?: string;
  release?: string;
  tags?: Record<string, string>;
  contexts?: Record<string, Record<string, unknown>>;
  exception?: {
    values?: {
      type?: string;
      value?: string;
      stacktrace?: { frames?: { filename?: string; abs_path?: string; function?: string }[] };
    }[];
  };
  request?: unknown;
  user?: unknown;
  breadcrumbs?: unknown;
  [key: string]: unknown;
};

/**
 * Splits an envelope: a header line, then items, each a header line and a
 * payload, whose length in bytes its header may give (else up to the newline).
 */
export function parseEnvelope(body: Buffer): Pick<Envelope, 'header' | 'items'> {
  let at = 0;
  const line = () => {
    const end = body.indexOf(0x0a, at);
    const text = body.subarray(at, end < 0 ? body.length : end).toString('utf8');
    at = end < 0 ? body.length : end + 1;
    return text;
  };
  const header = JSON.parse(line()) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (at < body.length) {
    const headerLine = line();
    if (!headerLine.trim()) continue;
    const itemHeader = JSON.parse(headerLine) as Record<string, unknown>;
    let text: string;
    if (typeof itemHeader.length === 'number') {
      text = body.subarray(at, at + itemHeader.length).toString('utf8');
      at += itemHeader.length;
      if (body[at] === 0x0a) at += 1;
    } else {
      text = line();
    }
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      // An attachment or another item that is not JSON: kept as text.
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

function decompress(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.toLowerCase()) {
    case 'gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

export type FakeSentry = Awaited<ReturnType<typeof startFakeSentry>>;

/** Starts the stand-in on `port` (any free one by default) of 127.0.0.1. */
export async function startFakeSentry({ port = 0 }: { port?: number } = {}) {
  const envelopes: Envelope[] = [];
  /** Requests that were not envelopes (a wrong path): a test may want none. */
  const strays: string[] = [];

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const match = /^\/api\/([^/]+)\/envelope\/?$/.exec(url.pathname);
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    if (request.method !== 'POST' || !match) {
      strays.push(`${request.method} ${url.pathname}`);
      response.writeHead(404, cors).end();
      return;
    }
    const body = decompress(Buffer.concat(chunks), request.headers['content-encoding']);
    const { header, items } = parseEnvelope(body);
    envelopes.push({
      project: match[1]!,
      query: url.search,
      headers: request.headers,
      raw: body.toString('utf8'),
      header,
      items,
    });
    response
      .writeHead(200, { ...cors, 'Content-Type': 'application/json' })
      .end(JSON.stringify({ id: header.event_id ?? null }));
  }

  const server: Server = createServer((request, response) => {
    answer(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(400, cors);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = (server.address() as AddressInfo).port;

  const events = (): SentryEvent[] =>
    envelopes.flatMap((envelope) =>
      envelope.items
        .filter((item) => item.header.type === 'event')
        .map((item) => item.payload as SentryEvent),
    );

  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    /** A DSN that sends to this stand-in, as a project's would. */
    dsn: (project = 42) => `http://e2e0public0key@127.0.0.1:${bound}/${project}`,
    envelopes,
    strays,
    events,
    /** Every envelope as it arrived, one after another: for what must appear nowhere. */
    raw: () => envelopes.map((envelope) => envelope.raw).join('\n'),
    /** Resolves with the events once `count` have arrived; rejects after `timeoutMs`. */
    waitForEvents: async (count = 1, timeoutMs = 10_000): Promise<SentryEvent[]> => {
      const deadline = Date.now() + timeoutMs;
      while (events().length < count) {
        if (Date.now() > deadline)
          throw new Error(
            `expected ${count} events at the stand-in Sentry, got ${events().length}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return events();
    },
    reset: () => {
      envelopes.length = 0;
      strays.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The stand-in's port beside the end-to-end tests' analytics build (tests/e2e/support/analytics-build.ts). */
export function e2eSentryPort(port = Number(process.env.E2E_PORT ?? 3100)): number {
  return port + 7;
}

/** The DSN the analytics build's pages report to (scripts/analytics-test-build.mts). */
export function e2eSentryDsn(port?: number): string {
  return `http://e2e0public0key@127.0.0.1:${e2eSentryPort(port)}/7`;
}
