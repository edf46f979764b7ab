import { describe, expect, it } from 'vitest';
import { checkFormPost, formPostLimitBytes } from './form-post';

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

describe('checkFormPost', () => {
  it('lets a well-formed form through, whatever the case of its boundary', async () => {
    expect(
      await checkFormPost(post(form({ contact: 'a@example.com' })), '/ru/contacts'),
    ).toBeUndefined();
    expect(
      await checkFormPost(
        post('contact=a%40example.com', { 'content-type': 'application/x-www-form-urlencoded' }),
        '/ru/contacts',
      ),
    ).toBeUndefined();
    expect(await checkFormPost(new Request(`${site}/ru`), '/ru')).toBeUndefined();
  });

  it('refuses another site with 403, in the page language, with a way back', async () => {
    const answer = (await checkFormPost(
      post(form({}), { origin: 'https://evil.example' }),
      '/kz/contacts',
    ))!;
    expect(answer.status).toBe(403);
    const page = await answer.text();
    expect(page).toContain('<html lang="kk">');
    expect(page).toContain('href="/kz/contacts#consultation"');
  });

  it('refuses a body over the limit with 413, declared or not', async () => {
    const big = form({ message: 'x'.repeat(formPostLimitBytes) });
    expect((await checkFormPost(post(big), '/en'))!.status).toBe(413);
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
    expect((await checkFormPost(undeclared, '/en'))!.status).toBe(413);
  });

  it('refuses a body that is not a form with 400, and another method with 405', async () => {
    expect((await checkFormPost(post(form({ a: 'b' }).slice(0, 40)), '/en'))!.status).toBe(400);
    expect(
      (await checkFormPost(post('{}', { 'content-type': 'application/json' }), '/en'))!.status,
    ).toBe(400);
    const put = (await checkFormPost(post(form({}), {}, 'PUT'), '/en'))!;
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('answers a script with text, not a page', async () => {
    const answer = (await checkFormPost(
      post(form({}), { origin: 'https://evil.example', 'next-action': 'abc' }),
      '/en',
    ))!;
    expect(answer.headers.get('content-type')).toContain('text/plain');
    expect(await answer.text()).toBe(
      'This request could not be accepted. Please reload the page and try again.',
    );
  });
});
