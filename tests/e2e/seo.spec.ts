import type { APIRequestContext, APIResponse } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import { requiredDirectives } from '../support/csp';
import { expect, test } from './support/fixtures';
import { jsonLdNodes, metaContent, parseHead } from './support/head';
import { langCodes, pagesOf, url, type LangCode } from './support/site';

/**
 * What search engines and link previews read, on every page in every language:
 * the head, the JSON-LD, the sitemap, robots.txt, and the security headers of
 * every kind of response. The pages are read as served, without a browser.
 */

const siteUrl = (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const brand = 'Ortus Digital';
const hreflang: Record<LangCode, string> = { ru: 'ru', en: 'en', kz: 'kk-KZ', ua: 'uk-UA' };
const ogLocale: Record<LangCode, string> = { ru: 'ru_RU', en: 'en_GB', kz: 'kk_KZ', ua: 'uk_UA' };
const areaServed: Record<LangCode, string[]> = { ru: ['KZ', 'RU'], en: [], kz: ['KZ'], ua: ['UA'] };
const currency: Record<LangCode, string> = { ru: 'RUB', en: 'USD', kz: 'KZT', ua: 'UAH' };

/** An address the site gives (under SITE_URL) as a path on the server under test. */
function local(address: string): string {
  const parsed = new URL(address);
  expect(parsed.origin, `${address} is on SITE_URL`).toBe(new URL(siteUrl).origin);
  return `${parsed.pathname}${parsed.search}`;
}

const absolute = (code: LangCode, path: string) => `${siteUrl}/${code}${path}`;

// Each target is asked once per worker, however many pages link to it.
const answered = new Map<string, Promise<number>>();
function statusOf(request: APIRequestContext, path: string): Promise<number> {
  let status = answered.get(path);
  if (!status) {
    status = request.get(path).then((response) => response.status());
    answered.set(path, status);
  }
  return status;
}

/** The headers every response carries (docs/architecture.md, "Security headers"). */
function expectSecurityHeaders(response: APIResponse, { https = false } = {}) {
  const headers = response.headers();
  const label = `${response.status()} ${response.url()}`;
  const csp = headers['content-security-policy'] ?? '';
  for (const directive of [...requiredDirectives, "img-src 'self'", "font-src 'self'"]) {
    expect(csp, `${label}: ${directive}`).toContain(directive);
  }
  // No other origin anywhere, but the chats the chat buttons' forms are sent on to.
  const chats = "form-action 'self' https://wa.me https://api.whatsapp.com https://t.me";
  expect(csp, label).toContain(chats);
  expect(csp.replace(chats, ''), label).not.toMatch(/https?:|\*/);
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], label).toMatch(
    /camera=\(\).*geolocation=\(\).*microphone=\(\)/,
  );
  expect(headers['cross-origin-opener-policy'], label).toBe('same-origin');
  expect(headers['x-powered-by'], label).toBeUndefined();
  if (https) {
    expect(headers['strict-transport-security'], label).toMatch(/^max-age=\d{7,}/);
  } else {
    expect(headers['strict-transport-security'], label).toBeUndefined();
  }
}

for (const code of langCodes) {
  test.describe(`search and sharing in ${code}`, () => {
    // One test for the language's pages, a step each: a page is one request
    // (and its picture), far less than a test's own setup.
    test('every page: its h1, head, hreflang and JSON-LD', async ({ request }) => {
      for (const page of pagesOf(code)) {
        await test.step(url(code, page.path), async () => {
          const response = await request.get(url(code, page.path));
          expect(response.status()).toBe(200);
          expectSecurityHeaders(response);
          const head = parseHead(await response.text());
          const canonical = absolute(code, page.path);

          expect(head.h1Count).toBe(1);
          expect(head.h1).toBe(page.h1);
          expect(head.lang).toBe({ ru: 'ru', en: 'en', kz: 'kk', ua: 'uk' }[code]);
          expect(head.title).toBeTruthy();
          if (page.path === '') expect(head.title).toContain(brand);
          else expect(head.title).toMatch(new RegExp(` \\| ${brand}$`));
          const [description, ...moreDescriptions] = metaContent(head, 'description');
          expect(moreDescriptions).toEqual([]);
          expect(description?.length).toBeGreaterThanOrEqual(50);

          // Canonical and the five alternates, each answering 200.
          const canonicals = head.links.filter((link) => link.rel === 'canonical');
          expect(canonicals.map((link) => link.href)).toEqual([canonical]);
          const alternates = head.links.filter((link) => link.rel === 'alternate' && link.hreflang);
          expect(Object.fromEntries(alternates.map((link) => [link.hreflang, link.href]))).toEqual({
            ...Object.fromEntries(
              langCodes.map((other) => [hreflang[other], absolute(other, page.path)]),
            ),
            'x-default': expect.stringMatching(new RegExp(`^${siteUrl}/?$`)),
          });
          for (const link of alternates) {
            expect(await statusOf(request, local(link.href!)), link.href).toBe(200);
          }

          // Open Graph and Twitter cards, with the page's own image.
          expect(metaContent(head, 'og:title')).toEqual([
            expect.stringContaining(head.title!.split(' | ')[0]!),
          ]);
          expect(metaContent(head, 'og:description')).toEqual([description]);
          expect(metaContent(head, 'og:url')).toEqual([canonical]);
          expect(metaContent(head, 'og:locale')).toEqual([ogLocale[code]]);
          expect(metaContent(head, 'og:locale:alternate').sort()).toEqual(
            langCodes
              .filter((other) => other !== code)
              .map((other) => ogLocale[other])
              .sort(),
          );
          expect(metaContent(head, 'og:type')).toEqual([
            page.type === 'article' ? 'article' : 'website',
          ]);
          expect(metaContent(head, 'twitter:card')).toEqual(['summary_large_image']);
          const [image] = metaContent(head, 'og:image');
          expect(image).toMatch(
            new RegExp(`^${canonical.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/opengraph-image`),
          );
          expect(metaContent(head, 'twitter:image')).toEqual([image]);
          const picture = await request.get(local(image!));
          expect(picture.status()).toBe(200);
          expect(picture.headers()['content-type']).toBe('image/png');
          expect(metaContent(head, 'og:image:width')).toEqual(['1200']);

          // JSON-LD: the agency and the site everywhere, and what the page is.
          const nodes = jsonLdNodes(head);
          const ofType = (type: string) => nodes.filter((node) => node['@type'] === type);
          const [organization] = ofType('Organization');
          expect(organization).toMatchObject({
            name: brand,
            logo: `${siteUrl}/icons/512.png`,
            contactPoint: { '@type': 'ContactPoint', telephone: expect.stringMatching(/^\+\d+$/) },
          });
          // Each language's market: Russian for Kazakhstan and Russia, English for everyone.
          expect(organization?.contactPoint).toEqual(
            code === 'en'
              ? expect.not.objectContaining({ areaServed: expect.anything() })
              : expect.objectContaining({ areaServed: areaServed[code] }),
          );
          expect(ofType('WebSite')).toEqual([
            expect.objectContaining({ url: absolute(code, ''), inLanguage: hreflang[code] }),
          ]);
          const breadcrumbs = ofType('BreadcrumbList');
          if (page.path === '') {
            expect(breadcrumbs).toEqual([]);
          } else {
            const items = (breadcrumbs[0]?.itemListElement ?? []) as Array<Record<string, unknown>>;
            expect(items.length).toBeGreaterThanOrEqual(2);
            expect(items[0]).toMatchObject({ position: 1, item: absolute(code, '') });
            expect(items.at(-1)).toMatchObject({ position: items.length, item: canonical });
          }
          if (page.type === 'service') {
            expect(ofType('Service')).toEqual([
              expect.objectContaining({
                url: canonical,
                provider: { '@id': organization!['@id'] },
                offers: expect.objectContaining({
                  '@type': 'Offer',
                  priceCurrency: currency[code],
                  price: expect.any(Number),
                }),
              }),
            ]);
            const [faq] = ofType('FAQPage');
            const questions = (faq?.mainEntity ?? []) as Array<Record<string, unknown>>;
            expect(questions.length).toBeGreaterThanOrEqual(4);
            for (const question of questions) {
              expect(question).toMatchObject({
                '@type': 'Question',
                name: expect.stringMatching(/\S/),
                acceptedAnswer: { '@type': 'Answer', text: expect.stringMatching(/\S{3}/) },
              });
            }
          }
          if (page.type === 'case') {
            expect(ofType('CreativeWork')).toEqual([
              expect.objectContaining({
                name: expect.any(String),
                url: canonical,
                creator: { '@id': organization!['@id'] },
                inLanguage: hreflang[code],
                image: `${canonical}/opengraph-image.png`,
              }),
            ]);
          }
          if (['cases', 'cases-service', 'services'].includes(page.type)) {
            const [list] = ofType('ItemList');
            const entries = (list?.itemListElement ?? []) as Array<Record<string, unknown>>;
            expect(entries.length).toBeGreaterThanOrEqual(page.type === 'services' ? 14 : 1);
            for (const entry of entries) expect(String(entry.url)).toContain(`${siteUrl}/${code}/`);
          }
          if (page.type === 'about') {
            expect(ofType('AboutPage')).toEqual([
              expect.objectContaining({
                url: canonical,
                mainEntity: { '@id': organization!['@id'] },
              }),
            ]);
          }
          // The agency's own testimonials are never marked up as reviews.
          expect(ofType('Review')).toEqual([]);
          expect(ofType('AggregateRating')).toEqual([]);
          expect(JSON.stringify(nodes)).not.toMatch(/"(?:review|aggregateRating)"/);
          if (page.type === 'article') {
            expect(ofType('BlogPosting')).toEqual([
              expect.objectContaining({
                headline: page.h1,
                url: canonical,
                inLanguage: hreflang[code],
                datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
                author: expect.objectContaining({ '@type': 'Person' }),
                image: `${canonical}/opengraph-image.png`,
              }),
            ]);
          }
        });
      }
    });

    test('every page has a title of its own', async ({ request }) => {
      const titles = new Map<string, string>();
      for (const page of pagesOf(code)) {
        const head = parseHead(await (await request.get(url(code, page.path))).text());
        const other = titles.get(head.title!);
        expect(other, `${page.path} has the title of ${other}`).toBeUndefined();
        titles.set(head.title!, page.path);
      }
    });

    test('the web app manifest is in the language', async ({ request, page }) => {
      const response = await request.get(`/${code}/manifest.webmanifest`);
      expect(response.headers()['content-type']).toContain('application/manifest+json');
      const manifest = (await response.json()) as Record<string, unknown>;
      expect(manifest).toMatchObject({
        lang: hreflang[code],
        start_url: `/${code}`,
        short_name: brand,
        name: expect.stringContaining(brand),
      });
      for (const icon of manifest.icons as Array<{ src: string }>) {
        expect((await request.get(icon.src)).status(), icon.src).toBe(200);
      }
      // Every page of the language links it.
      await page.goto(`/${code}`);
      await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute(
        'href',
        `/${code}/manifest.webmanifest`,
      );
    });
  });
}

test.describe('the sitemap and robots.txt', () => {
  type Entry = {
    loc: string;
    lastmod?: string;
    'xhtml:link': Array<{ '@_rel': string; '@_hreflang': string; '@_href': string }>;
  };

  async function sitemapEntries(request: APIRequestContext): Promise<Entry[]> {
    const response = await request.get('/sitemap.xml');
    expect(response.headers()['content-type']).toContain('xml');
    const xml = new XMLParser({
      ignoreAttributes: false,
      isArray: (name) => name === 'url' || name === 'xhtml:link',
    }).parse(await response.text()) as { urlset: { url: Entry[] } };
    return xml.urlset.url;
  }

  test('lists every page in every language, with its alternates and lastmod', async ({
    request,
  }) => {
    const entries = await sitemapEntries(request);
    const expected = langCodes.flatMap((code) =>
      pagesOf(code).map((page) => absolute(code, page.path)),
    );
    expect(entries.map((entry) => entry.loc).sort()).toEqual(expected.sort());
    for (const entry of entries) {
      const path = local(entry.loc).replace(/^\/(ru|en|kz|ua)/, '');
      const links = Object.fromEntries(
        entry['xhtml:link'].map((link) => [link['@_hreflang'], link['@_href']]),
      );
      expect(links, entry.loc).toEqual({
        ...Object.fromEntries(langCodes.map((code) => [hreflang[code], absolute(code, path)])),
        'x-default': expect.stringMatching(new RegExp(`^${siteUrl}/?$`)),
      });
      if (path !== '/contacts') expect(entry.lastmod, entry.loc).toMatch(/^\d{4}-\d{2}-\d{2}/);
    }
  });

  test('each address it lists answers 200', async ({ request }) => {
    test.setTimeout(60_000);
    for (const entry of await sitemapEntries(request)) {
      expect(await statusOf(request, local(entry.loc)), entry.loc).toBe(200);
    }
  });

  test('robots.txt allows the pages and points at the sitemap', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/User-Agent: \*\nAllow: \//);
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  });
});

test.describe('security headers', () => {
  const samples = [
    { path: '/', method: 'GET' },
    { path: '/contacts', method: 'GET' },
    { path: '/en', method: 'GET' },
    { path: '/kz/calculator?type=shop', method: 'GET' },
    { path: '/en/no-such-page', method: 'GET' },
    { path: '/api/health', method: 'GET' },
    { path: '/api/leads', method: 'POST' },
    { path: '/_app/builds/latest.json', method: 'GET' },
    { path: '/sitemap.xml', method: 'GET' },
    { path: '/robots.txt', method: 'GET' },
    { path: '/favicon.ico', method: 'GET' },
    { path: '/icon.svg', method: 'GET' },
    { path: '/en/opengraph-image.png', method: 'GET' },
  ];

  for (const https of [false, true]) {
    test(`every kind of response carries them${https ? ', and HSTS over HTTPS' : ''}`, async ({
      request,
    }) => {
      const headers = https ? { 'x-forwarded-proto': 'https' } : undefined;
      for (const { path, method } of samples) {
        const response = await request.fetch(path, {
          method,
          headers,
          maxRedirects: 0,
          ...(method === 'POST' ? { data: {} } : {}),
        });
        expectSecurityHeaders(response, { https });
      }
      // A script file of the build, named in the home page.
      const home = await (await request.get('/en')).text();
      const chunk = /src="(\/_astro\/[^"]+\.js)"/.exec(home)![1]!;
      expectSecurityHeaders(await request.get(chunk, { headers }), { https });
    });
  }
});

test.describe('the content security policy in the browser', () => {
  test.use({ allowedConsoleErrors: [/Content Security Policy/] });

  test("the site's own code never trips it, even where it is caught", async ({ page }) => {
    // A refused eval that the code catches logs nothing: only this event tells.
    await page.addInitScript(() => {
      const found: string[] = [];
      (window as Window & { __violations?: string[] }).__violations = found;
      document.addEventListener('securitypolicyviolation', (event) => {
        found.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}`);
      });
    });
    const seen = () =>
      page.evaluate(() => (window as Window & { __violations?: string[] }).__violations ?? []);
    for (const path of ['/en', '/kz/contacts', '/ua/calculator', '/ru/blog']) {
      await page.goto(path);
      // The form loads its checker when the visitor turns to it.
      const form = page.getByTestId('consultation-form');
      if (await form.count()) await form.locator('input[name="consent"]').focus();
      // Until what that asked for has come and run.
      await page.waitForLoadState('networkidle');
      expect(await seen(), path).toEqual([]);
    }
  });

  test('a prerendered page runs its own scripts and no injected one', async ({ page }) => {
    // page.goto waits until the page is interactive: its own scripts ran.
    await page.goto('/en/contacts');
    const policy = await page
      .locator('meta[http-equiv="Content-Security-Policy"]')
      .getAttribute('content');
    // Astro's own policy: the page's inline scripts by hash, styles as the header has them.
    const scriptSrc = policy?.split(';').find((part) => part.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/);
    const violated = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) =>
            resolve(event.effectiveDirective),
          );
          const script = document.createElement('script');
          script.textContent = 'window.__injected = true';
          document.head.append(script);
        }),
    );
    expect(violated).toBe('script-src-elem');
    expect(await page.evaluate(() => 'injected' in window || '__injected' in window)).toBe(false);
  });
});
