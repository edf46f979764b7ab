import { execFile } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { e2eDataDir } from '../../playwright.config';
import { findLead, noProxyURL, ownVisitor, visitorIp } from './support/db';
import { expect, test } from './support/fixtures';
import { inRelease } from './support/suites';
import { messages } from './support/site';

const run = promisify(execFile);

/** The agency's CLI against the test server's database, as a person would run it. */
async function leadsCli(...args: string[]): Promise<string> {
  const { stdout } = await run(
    'npx',
    ['tsx', '--conditions=react-server', 'scripts/leads.mts', ...args],
    { env: { ...process.env, DATA_DIR: e2eDataDir, LOG_LEVEL: 'silent' }, timeout: 60_000 },
  );
  return stdout;
}

/** One CSV line, with quoted cells. */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  for (const match of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)) {
    const cell = match[1]!;
    cells.push(cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
    if (!match[2]) break;
  }
  return cells;
}

async function sendRequest(page: Page, contact: string) {
  const m = messages.en.ConsultationForm;
  const form = page.getByTestId('consultation-form');
  await form.getByRole('radio', { name: m.methods.email }).check();
  await form.getByLabel(m.contactLabel.email).fill(contact);
  await form.getByRole('checkbox', { name: m.consent }).check();
  await form.getByRole('button', { name: m.submit }).click();
}

test.describe('where a lead came from', () => {
  test.use(ownVisitor);

  test('a visit with UTM tags, then a request from another page, carries them into the CLI export', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto(
      '/en/services/seo?utm_source=google&utm_medium=cpc&utm_campaign=seo_autumn&utm_term=seo%20audit&utm_content=ad_b&gclid=EAIaIQ-test',
      { referer: 'https://www.google.com/' },
    );
    // On to the contacts page through the site's own link: the same visit.
    await page.goto('/en/contacts', { referer: `${new URL(page.url()).origin}/en/services/seo` });
    await sendRequest(page, 'utm.visitor@example.com');
    await expect(page.getByTestId('consultation-success')).toBeVisible();
    const reference = (await page.getByTestId('consultation-reference').textContent())!;
    const landing =
      '/en/services/seo?utm_source=google&utm_medium=cpc&utm_campaign=seo_autumn&utm_term=seo%20audit&utm_content=ad_b&gclid=EAIaIQ-test';
    expect((await findLead(reference))?.attribution).toMatchObject({
      first: { source: 'google', medium: 'cpc', campaign: 'seo_autumn', landingPage: landing },
      last: { source: 'google', referrer: 'https://www.google.com/' },
    });

    const csv = (await leadsCli('export', '--format', 'csv')).trim().split('\n');
    const header = csvCells(csv[0]!);
    const row = csv.map(csvCells).find((cells) => cells[0] === reference);
    expect(row, `${reference} in the export`).toBeDefined();
    const cell = (name: string) => row![header.indexOf(name)];
    expect(cell('first.source')).toBe('google');
    expect(cell('first.medium')).toBe('cpc');
    expect(cell('first.campaign')).toBe('seo_autumn');
    expect(cell('first.term')).toBe('seo audit');
    expect(cell('first.content')).toBe('ad_b');
    expect(cell('first.gclid')).toBe('EAIaIQ-test');
    expect(cell('first.referrer')).toBe('https://www.google.com/');
    expect(cell('first.landingPage')).toBe(landing);
    expect(cell('last.campaign')).toBe('seo_autumn');
    expect(cell('contactValue')).toBe('utm.visitor@example.com');

    const list = await leadsCli('list', '--limit', '200');
    expect(list.split('\n').find((line) => line.startsWith(reference))).toContain(
      'from google / cpc / seo_autumn',
    );
    expect(await leadsCli('show', reference)).toContain('"campaign": "seo_autumn"');
  });
});

/** Each request of the page gets a made-up X-Forwarded-For, as a client that tries to hide. */
async function spoofEveryRequest(page: Page) {
  await page.route('**/*', (route) =>
    route.continue({
      headers: { ...route.request().headers(), 'x-forwarded-for': visitorIp() },
    }),
  );
}

async function sixRequests(page: Page, origin: string) {
  for (let i = 0; i < 6; i += 1) {
    await page.goto(`${origin}/en/contacts`);
    await sendRequest(page, `spoof.${i}@example.com`);
    if (i < 5) await expect(page.getByTestId('consultation-success')).toBeVisible();
  }
  await expect(page.getByTestId('consultation-failure')).toContainText('10 minutes');
}

// The rule that reads the address (src/server/leads/request-context.test.ts) and
// the limit (tests/integration/) are the default suite's; here, through the
// built server and a browser, the release suite's.
test.describe('a spoofed X-Forwarded-For does not lift the rate limit', inRelease, () => {
  // Six requests, each from a freshly loaded page.
  test.describe.configure({ timeout: 90_000 });
  // The API's answer to the sixth is a 429, which Chromium reports as a failed load.
  test.use({ allowedConsoleErrors: [/status of 429/] });
  test('with nothing in front of the site (TRUSTED_PROXIES=0)', async ({ page }) => {
    await spoofEveryRequest(page);
    await sixRequests(page, noProxyURL);
  });

  test('behind one proxy that appends the address it saw (TRUSTED_PROXIES=1)', async ({
    page,
    baseURL,
  }) => {
    const target = new URL(baseURL!);
    // A proxy as nginx's `proxy_add_x_forwarded_for` is: the client's header, then the peer.
    const proxy: Server = createServer((incoming, outgoing) => {
      const forwarded = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
        .filter(Boolean)
        .join(', ');
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, 'x-forwarded-for': forwarded },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on('error', () => outgoing.destroy());
      incoming.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      await spoofEveryRequest(page);
      await sixRequests(page, `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });
});

test.describe('bad input gets a 4xx in the visitor language, never a 500', () => {
  test.use(ownVisitor);

  test('the API: malformed or unsupported bodies, a wrong method, a cross-site origin, a huge body', async ({
    request,
    baseURL,
  }) => {
    const m = messages.ua.ConsultationForm;
    const ua = { 'Accept-Language': 'uk-UA', Origin: baseURL! };
    const malformed = await request.post('/api/leads', {
      headers: { ...ua, 'Content-Type': 'application/json' },
      data: '{"language": "ua", "contact": ',
    });
    expect(malformed.status()).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toBe(m.failure.badRequest);

    const xml = await request.post('/api/leads', {
      headers: { ...ua, 'Content-Type': 'application/xml' },
      data: '<lead/>',
    });
    expect(xml.status()).toBe(400);

    const get = await request.get('/api/leads', { headers: ua });
    expect(get.status()).toBe(405);
    expect(get.headers().allow).toBe('POST, OPTIONS');
    expect(((await get.json()) as { message: string }).message).toBe(m.failure.methodNotAllowed);

    const cross = await request.post('/api/leads', {
      headers: { ...ua, Origin: 'https://evil.example' },
      data: { language: 'ua', method: 'email', contact: 'olena@example.ua', consent: true },
    });
    expect(cross.status()).toBe(403);
    expect(((await cross.json()) as { message: string }).message).toBe(m.failure.forbidden);

    const huge = await request.post('/api/leads', {
      headers: ua,
      data: {
        language: 'ua',
        method: 'email',
        contact: 'olena@example.ua',
        consent: true,
        message: 'x'.repeat(40_000),
      },
    });
    expect(huge.status()).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toBe(m.failure.tooLarge);
  });

  test('the API stores a request whose page and contact carry NUL and invisible characters', async ({
    request,
    baseURL,
  }) => {
    const response = await request.post('/api/leads', {
      headers: { Origin: baseURL! },
      data: {
        language: 'en',
        method: 'email',
        contact: 'nul\u200b.visitor@exa\u0000mple.com',
        consent: true,
        page: '/en/contacts\u0000\u202e',
        name: 'Ann\u0000a',
      },
    });
    expect(response.status()).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    expect(await findLead(reference)).toMatchObject({
      contact_value: 'nul.visitor@example.com',
      page: '/en/contacts',
      name: 'Anna',
    });
  });

  test('a form post: cross-site, malformed, oversized, or sent with another method', async ({
    request,
    baseURL,
  }) => {
    const m = messages.kz.ConsultationForm;
    const html = { Accept: 'text/html' };
    const boundary = '----e2eBoundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = `${part('language', 'kz')}${part('contact', 'x@example.kz')}--${boundary}--\r\n`;
    const multipart = { 'Content-Type': `multipart/form-data; boundary=${boundary}` };

    const cross = await request.post('/kz/contacts', {
      headers: { ...html, ...multipart, Origin: 'https://evil.example' },
      data: body,
    });
    expect(cross.status()).toBe(403);
    const page = await cross.text();
    expect(page).toContain(m.failure.forbidden);
    expect(page).toContain(m.failurePage.back);
    expect(page).toContain('href="/kz/contacts#consultation"');

    const malformed = await request.post('/kz/contacts', {
      headers: { ...html, ...multipart, Origin: baseURL! },
      data: body.slice(0, 60),
    });
    expect(malformed.status()).toBe(400);
    expect(await malformed.text()).toContain(m.failure.badRequest);

    const oversized = await request.post('/kz/contacts', {
      headers: { ...html, ...multipart, Origin: baseURL! },
      data: `${part('message', 'x'.repeat(40_000))}--${boundary}--\r\n`,
    });
    expect(oversized.status()).toBe(413);
    expect(await oversized.text()).toContain(m.failure.tooLarge);

    const put = await request.fetch('/kz/contacts', {
      method: 'PUT',
      headers: { ...html, ...multipart, Origin: baseURL! },
      data: body,
    });
    expect(put.status()).toBe(405);
    expect(put.headers().allow).toBe('GET, HEAD, POST');
  });

  test('TRACE is refused with 405 on pages and the API alike', async ({ request }) => {
    for (const path of ['/', '/en', '/en/contacts', '/api/leads']) {
      const response = await request.fetch(path, { method: 'TRACE' });
      expect(response.status(), path).toBe(405);
    }
  });

  test('the API routes that only read answer HEAD and OPTIONS, and 405 to other methods', async ({
    request,
  }) => {
    for (const path of ['/api/health', '/api/leads/token']) {
      const head = await request.head(path);
      expect(head.status(), `HEAD ${path}`).toBe(200);
      const options = await request.fetch(path, { method: 'OPTIONS' });
      expect(options.status(), `OPTIONS ${path}`).toBe(204);
      expect(options.headers().allow).toBe('GET, HEAD, OPTIONS');
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const answer = await request.fetch(path, { method, data: '{}' });
        expect(answer.status(), `${method} ${path}`).toBe(405);
        expect(answer.headers().allow).toBe('GET, HEAD, OPTIONS');
        expect(answer.headers()['x-content-type-options']).toBe('nosniff');
      }
    }
  });
});
