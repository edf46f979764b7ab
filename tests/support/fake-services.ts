import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type TelegramCall = { token: string; method: string; body: Record<string, unknown> };

/** A stand-in for the Telegram Bot API on a local port; `down` makes it answer 502. */
export async function startFakeTelegram() {
  const calls: TelegramCall[] = [];
  const state: {
    down: boolean;
    rateLimitOnce: boolean;
    delayMs: number;
    /** Called as each request arrives, before it is answered; may hold the answer back. */
    onCall?: (index: number) => void | Promise<void>;
  } = { down: false, rateLimitOnce: false, delayMs: 0 };
  let arrived = 0;
  const server: Server = createServer((req: IncomingMessage, res) => void answer(req, res));
  async function answer(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    arrived += 1;
    await state.onCall?.(arrived);
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    res.setHeader('Content-Type', 'application/json');
    if (state.down) {
      res.statusCode = 502;
      res.end(JSON.stringify({ ok: false, description: 'Bad Gateway' }));
      return;
    }
    if (state.rateLimitOnce) {
      state.rateLimitOnce = false;
      res.statusCode = 429;
      res.end(
        JSON.stringify({
          ok: false,
          description: 'Too Many Requests',
          parameters: { retry_after: 3 },
        }),
      );
      return;
    }
    calls.push({
      token: match?.[1] ?? '',
      method: match?.[2] ?? '',
      body: JSON.parse(raw || '{}') as Record<string, unknown>,
    });
    res.end(JSON.stringify({ ok: true, result: { message_id: calls.length } }));
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A local SMTP server that keeps what it receives; `down` refuses every message. */
export async function startFakeSmtp() {
  const mails: ReceivedMail[] = [];
  const state = { down: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (state.down) return callback(new Error('451 Temporary failure'));
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
