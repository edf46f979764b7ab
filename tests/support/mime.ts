/** Reading a raw MIME message as the stand-in mail server received it. */

type Part = { head: string; body: string };

/** The leaf parts of a message, nested multiparts included. */
function parts(raw: string): Part[] {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (!boundary || !/^Content-Type:\s*multipart\//im.test(head)) return [{ head, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .flatMap((part) => parts(part.replace(/^\r\n/, '').replace(/\r\n$/, '')));
}

function decode({ head, body }: Part): string {
  const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

/** The decoded content of the first part of a type (`text/plain`, `text/calendar` …). */
export function mimePart(raw: string, type: string): { head: string; text: string } | undefined {
  const part = parts(raw).find((p) =>
    new RegExp(`^Content-Type:\\s*${type.replace('/', '\\/')}`, 'im').test(p.head),
  );
  return part ? { head: part.head, text: decode(part) } : undefined;
}

/** A header of the message itself, unfolded and, when encoded (RFC 2047), decoded. */
export function mimeHeader(raw: string, name: string): string | undefined {
  const head = raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
  const line = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1];
  return line?.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (__, hex: string) =>
              String.fromCharCode(parseInt(hex, 16)),
            ),
          'latin1',
        ).toString('utf8'),
  );
}
