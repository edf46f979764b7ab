import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * The pieces of a Node.js response that the layers wrapping Next.js's
 * responses (./compression.ts, ./not-found-response.ts) take apart the same way.
 */

/** Headers handed to `writeHead` land on the response first, so the decision sees them all. */
export function takeWriteHeadHeaders(res: ServerResponse, args: unknown[]) {
  const headers = args.find((arg) => arg && typeof arg === 'object');
  if (!headers) return;
  if (Array.isArray(headers)) {
    for (let index = 0; index + 1 < headers.length; index += 2)
      res.setHeader(String(headers[index]), headers[index + 1] as string | string[]);
    return;
  }
  for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders))
    if (value !== undefined) res.setHeader(name, value);
}

export type Chunk = string | Uint8Array;
export type Callback = (error?: Error | null) => void;

export const asBuffer = (chunk: Chunk, encoding?: BufferEncoding): Buffer =>
  Buffer.isBuffer(chunk)
    ? chunk
    : typeof chunk === 'string'
      ? Buffer.from(chunk, encoding ?? 'utf8')
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/** `end(chunk?, encoding?, callback?)` and `write(…)` in their several shapes. */
export function readArgs(args: unknown[]) {
  const chunk = typeof args[0] === 'string' || args[0] instanceof Uint8Array ? args[0] : undefined;
  const encoding =
    chunk !== undefined && typeof args[1] === 'string' ? (args[1] as BufferEncoding) : undefined;
  const callback = args.find((arg) => typeof arg === 'function') as Callback | undefined;
  return { chunk, encoding, callback };
}
