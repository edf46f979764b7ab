import { describe, expect, it } from 'vitest';
import { formPostLimitBytes, readFormPost } from './form-post';

const site = 'http://localhost:3000';
const boundary = '----WebKitFormBoundaryAbCdEfGh12';
const form = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('') + `--${boundary}--\r\n`;

function post(body: string, headers: Record<string, string> = {}, method = 'POST') {
  return new Request(`${site}/ru/contacts`, {
    method,
    body,
    headers: {
      host: 'localhost:3000',
      origin: site,
      accept: 'text/html',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...headers,
    },
  });
}

describe('a form post to a page', () => {
  it('goes on as its fields, multipart (whatever the case of its boundary) or URL-encoded', async () => {
    const multipart = await readFormPost(post(form({ contact: 'a@example.com' })), '/ru/contacts');
    expect(multipart).toBeInstanceOf(FormData);
    expect((multipart as FormData).get('contact')).toBe('a@example.com');
    const encoded = await readFormPost(
      post('contact=a%40example.com&language=ru', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      '/ru/contacts',
    );
    expect((encoded as FormData).get('contact')).toBe('a@example.com');
    // A browser that sends no Origin (an old one) is not refused here; the intake decides.
    const noOrigin = new Request(`${site}/ru`, {
      method: 'POST',
      body: 'contact=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await readFormPost(noOrigin, '/ru')).toBeInstanceOf(FormData);
  });

  it('from another site is refused with 403, in the page language, with a way back', async () => {
    const answer = (await readFormPost(
      post(form({}), { origin: 'https://evil.example' }),
      '/kz/contacts',
    )) as Response;
    expect(answer.status).toBe(403);
    const page = await answer.text();
    expect(page).toContain('<html lang="kk">');
    expect(page).toContain('href="/kz/contacts#consultation"');
    expect(page).toContain('Өтінім жіберілмеді');
  });

  it('over the limit is refused with 413, declared or not', async () => {
    const big = form({ message: 'x'.repeat(40 * 1024) });
    expect(big.length).toBeGreaterThan(formPostLimitBytes);
    expect(((await readFormPost(post(big), '/en')) as Response).status).toBe(413);
    const undeclared = new Request(`${site}/en`, {
      method: 'POST',
      headers: {
        host: 'localhost:3000',
        origin: site,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(undeclared.headers.get('content-length')).toBeNull();
    expect(((await readFormPost(undeclared, '/en')) as Response).status).toBe(413);
  });

  it('that is not a form is refused with 400, and another method with 405', async () => {
    expect(
      ((await readFormPost(post(form({ a: 'b' }).slice(0, 40)), '/en')) as Response).status,
    ).toBe(400);
    expect(
      ((await readFormPost(post('{}', { 'content-type': 'application/json' }), '/en')) as Response)
        .status,
    ).toBe(400);
    const put = (await readFormPost(post(form({}), {}, 'PUT'), '/en')) as Response;
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    const options = (await readFormPost(
      new Request(`${site}/en`, { method: 'OPTIONS' }),
      '/en',
    )) as Response;
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('from a client that wants no page is answered with the message alone', async () => {
    const answer = (await readFormPost(
      post(form({}), { origin: 'https://evil.example', accept: '*/*' }),
      '/en',
    )) as Response;
    expect(answer.headers.get('content-type')).toContain('text/plain');
    expect(await answer.text()).toBe(
      'This request could not be accepted. Please reload the page and try again.',
    );
  });
});
