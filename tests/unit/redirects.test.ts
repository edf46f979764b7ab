import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  listProblems,
  parseRedirectList,
  readRedirectList,
  redirectList,
  redirectsAtStart,
  type RedirectEntry,
} from '@/server/content/redirects';
import { contentSiteAddresses } from '@/server/content/redirects-site';
import { parseFrom, parseTo, redirectTable, compileRedirects } from '@/server/http/redirects';
import { redirectProblems, siteAddresses } from '@/server/http/redirects-check';

/*
 * The redirects from the old site (content/redirects/index.yaml): the forms
 * an entry takes, where a request is sent, and what the check refuses.
 */

const table = (entries: RedirectEntry[]) => redirectTable(compileRedirects(entries));
const where = (entries: RedirectEntry[], pathname: string, search = '') =>
  table(entries).match(pathname, search)?.location;

describe('an entry’s form', () => {
  it('takes the old site’s paths, queries and prefixes', () => {
    expect(parseFrom('/uslugi/seo/')).toEqual({
      value: { kind: 'exact', path: '/uslugi/seo', query: [] },
    });
    expect(parseFrom('/%D1%83%D1%81%D0%BB%D1%83%D0%B3%D0%B8')).toEqual({
      value: { kind: 'exact', path: '/услуги', query: [] },
    });
    expect(parseFrom('/?page_id=45&p=1')).toEqual({
      value: {
        kind: 'exact',
        path: '/',
        query: [
          ['p', '1'],
          ['page_id', '45'],
        ],
      },
    });
    expect(parseFrom('/blog/*')).toEqual({ value: { kind: 'prefix', base: '/blog' } });
  });

  it.each([
    ['uslugi/seo', /starting with \//],
    ['https://old.example/uslugi', /without its domain/],
    ['//old.example/uslugi', /without its domain/],
    ['/a b', /space/],
    ['/page#top', /fragment/],
    ['/a*/b', /may only end the path/],
    ['/blog/*?x=1', /takes any query/],
    ['/100%', /percent escape/],
    ['/?', /without a query/],
  ])('refuses from %s, saying why', (from, message) => {
    expect(parseFrom(from)).toEqual({ problem: expect.stringMatching(message) });
  });

  it.each([
    ['javascript:alert(1)', /a path of this site/],
    ['//evil.example', /a path of this site/],
    ['ru/services', /a path of this site/],
    ['/ru/blog/*', /while from does not/],
    ['/ru/*/x', /may only end it/],
  ])('refuses to %s, saying why', (to, message) => {
    expect(parseTo(to, { kind: 'exact', path: '/a', query: [] })).toEqual({
      problem: expect.stringMatching(message),
    });
  });

  it('names the entry, the field and its text when one is not well formed', () => {
    const list = redirectList({
      redirects: [
        { from: '/ok', to: '/ru' },
        { from: 'uslugi', to: '/ru' },
        { from: '/x', to: 'mailto:a@b.example' },
        { from: '/y' },
        { from: '/z', to: '/ru', extra: 1 },
      ],
    });
    expect(list.malformed).toEqual([
      expect.stringMatching(/^redirects\.1\.from \(uslugi\): is a path of the old site/),
      expect.stringMatching(/^redirects\.2\.to \(mailto:a@b\.example\): is a path of this site/),
      'redirects.3.to: the new address is missing',
      expect.stringMatching(/^redirects\.4: Unrecognized key/),
    ]);
    // The well-formed ones are kept, at their places, for the other checks.
    expect(list.redirects.map((redirect) => redirect.index)).toEqual([0]);
  });
});

describe('where a request for an old address is sent', () => {
  const entries: RedirectEntry[] = [
    { from: '/uslugi/seo', to: '/ru/services/seo' },
    { from: '/page12345.html', to: '/kz/contacts#form' },
    { from: '/Price', to: '/ru/calculator?type=shop' },
    { from: '/?p=123', to: '/ru/blog/trigger-emails' },
    { from: '/?p=123&lang=en', to: '/en/blog/trigger-emails' },
    { from: '/old-blog/*', to: '/ru/blog/*' },
    { from: '/old-blog/2019/*', to: '/ru/blog' },
    { from: '/wp-content/uploads/*', to: 'https://files.example.kz/uploads/*' },
    { from: '/%D0%BE-%D0%BD%D0%B0%D1%81', to: '/ru/about' },
    { from: '/shop/*', to: '/*' },
  ];

  it('an exact address, with or without a slash at the end, keeping the query', () => {
    expect(where(entries, '/uslugi/seo')).toBe('/ru/services/seo');
    expect(where(entries, '/uslugi/seo/')).toBe('/ru/services/seo');
    expect(where(entries, '/uslugi/seo', '?utm_source=ya&x=1')).toBe(
      '/ru/services/seo?utm_source=ya&x=1',
    );
    expect(where(entries, '/page12345.html', '?a=1')).toBe('/kz/contacts?a=1#form');
    expect(where(entries, '/Price', '?utm=1')).toBe('/ru/calculator?type=shop&utm=1');
  });

  it('in the case the old site had, and by the decoded path', () => {
    expect(where(entries, '/price')).toBeUndefined();
    expect(where(entries, '/USLUGI/SEO')).toBeUndefined();
    expect(where(entries, '/о-нас')).toBe('/ru/about');
  });

  it('an address with a query only when the request holds it, the most specific first, the query dropped', () => {
    expect(where(entries, '/', '?p=123')).toBe('/ru/blog/trigger-emails');
    expect(where(entries, '/', '?utm_source=x&p=123')).toBe('/ru/blog/trigger-emails');
    expect(where(entries, '/', '?p=123&lang=en')).toBe('/en/blog/trigger-emails');
    expect(where(entries, '/', '?p=124')).toBeUndefined();
    expect(where(entries, '/')).toBeUndefined();
  });

  it('under a prefix, the longest first, carrying the rest when the target ends in /*', () => {
    expect(where(entries, '/old-blog/kak-vybrat-crm')).toBe('/ru/blog/kak-vybrat-crm');
    expect(where(entries, '/old-blog/kak-vybrat-crm/', '?x=1')).toBe('/ru/blog/kak-vybrat-crm?x=1');
    expect(where(entries, '/old-blog')).toBe('/ru/blog');
    expect(where(entries, '/old-blog/2019/05/post')).toBe('/ru/blog');
    expect(where(entries, '/old-blogs')).toBeUndefined();
    expect(where(entries, '/old-blog/статья')).toBe(
      '/ru/blog/%D1%81%D1%82%D0%B0%D1%82%D1%8C%D1%8F',
    );
    expect(where(entries, '/wp-content/uploads/2020/price.pdf')).toBe(
      'https://files.example.kz/uploads/2020/price.pdf',
    );
  });

  it('never to another site by what the request holds', () => {
    expect(where(entries, '/shop//evil.example')).toBe('/evil.example');
    expect(where(entries, '/shop/\\evil.example')).toBe('/%5Cevil.example');
    expect(where(entries, '/shop')).toBe('/');
    // Bytes Node hands over as characters stay a valid header.
    expect(where(entries, '/uslugi/seo', '?q=\u00ff"')).toBe('/ru/services/seo?q=%FF"');
  });
});

describe('the check of a list', () => {
  const site = siteAddresses([
    '/ru',
    '/en',
    '/ru/services/seo',
    '/en/services/seo',
    '/ru/blog',
    '/ru/blog/trigger-emails',
    '/ru/contacts',
    '/images/logo.svg',
  ]);
  const problems = (entries: RedirectEntry[]) => redirectProblems(compileRedirects(entries), site);

  it('passes a clean list', () => {
    expect(
      problems([
        { from: '/uslugi/seo', to: '/ru/services/seo' },
        { from: '/?p=1', to: '/ru/blog/trigger-emails' },
        { from: '/old-blog/*', to: '/ru/blog/*' },
        { from: '/kontakty', to: 'https://maps.example/agency' },
        { from: '/logo.png', to: '/images/logo.svg' },
      ]),
    ).toEqual([]);
  });

  it('finds a loop', () => {
    expect(
      problems([
        { from: '/a', to: '/b' },
        { from: '/b', to: '/a/' },
        { from: '/self', to: '/self/' },
      ]).filter((problem) => problem.includes('loop')),
    ).toEqual([
      expect.stringMatching(
        /^redirects\.0, redirects\.1: a loop, \/a → \/b → \/a, which never arrives/,
      ),
      expect.stringMatching(
        /^redirects\.2 \(\/self → \/self\/\): a loop: it sends the address to itself/,
      ),
    ]);
  });

  it('finds a chain and says where to point it', () => {
    expect(
      problems([
        { from: '/a', to: '/b' },
        { from: '/b', to: '/ru/contacts' },
        { from: '/old/*', to: '/new/*' },
        { from: '/new/*', to: '/ru/blog/*' },
      ]).filter((problem) => problem.includes('chain')),
    ).toEqual([
      'redirects.0 (/a → /b): a chain, /a → /b → /ru/contacts: each hop costs search engines one; point /a at /ru/contacts directly',
      'redirects.2 (/old/* → /new/*): a chain, /old/* → /new/* → /ru/blog/*: each hop costs search engines one; point /old/* at /ru/blog/* directly',
    ]);
  });

  it('finds a target that is not a page of this site, or lacks its language', () => {
    expect(
      problems([
        { from: '/x', to: '/ru/nope' },
        { from: '/y', to: '/services/seo' },
        { from: '/z', to: '/' },
        { from: '/w/*', to: '/ru/nothing/*' },
        { from: '/v/*', to: '/ru/*' },
      ]),
    ).toEqual([
      'redirects.0 (/x → /ru/nope): this site has no page at /ru/nope',
      expect.stringMatching(
        /^redirects\.1 \(\/y → \/services\/seo\): \/services\/seo has no language, .*write it with one, as \/ru\/services\/seo$/,
      ),
      expect.stringMatching(/^redirects\.2 \(\/z → \/\): \/ has no language/),
      'redirects.3 (/w/* → /ru/nothing/*): this site has no page at or under /ru/nothing',
    ]);
  });

  it('finds a duplicate, however it is written', () => {
    expect(
      problems([
        { from: '/uslugi', to: '/ru/services/seo' },
        { from: '/uslugi/', to: '/ru/contacts' },
        { from: '/%75slugi', to: '/ru/contacts' },
        { from: '/?b=2&a=1', to: '/ru' },
        { from: '/?a=1&b=2', to: '/en' },
      ]),
    ).toEqual([
      expect.stringMatching(
        /^redirects\.1 \(\/uslugi\/ → \/ru\/contacts\): a duplicate: redirects\.0/,
      ),
      expect.stringMatching(/^redirects\.2 .*: a duplicate: redirects\.0/),
      expect.stringMatching(/^redirects\.4 .*: a duplicate: redirects\.3/),
    ]);
  });

  it('refuses an old address that is one of the site’s own: it would hide it', () => {
    const hidden = problems([
      { from: '/ru/services/seo', to: '/ru/contacts' },
      { from: '/services/seo', to: '/ru/contacts' },
      { from: '/', to: '/ru/contacts' },
      { from: '/ru/blog/*', to: '/ru/contacts' },
      { from: '/blog/*', to: '/ru/blog/*' },
      { from: '/api/leads', to: '/ru/contacts' },
      { from: '/*', to: '/ru/*' },
      { from: '/images/logo.svg', to: '/ru' },
      { from: '/ru/services/seo?x=1', to: '/ru' },
      // `/*` hides everything, and loops onto itself as well.
    ]).filter((problem) => problem.includes('hide'));
    expect(hidden).toHaveLength(9);
    for (const [index, problem] of hidden.entries()) {
      expect(problem).toMatch(new RegExp(`^redirects\\.${index} `));
      expect(problem).toMatch(/hide/);
    }
  });
});

describe('the list that ships, against the site the content makes', () => {
  it('is well formed and clean', async () => {
    const site = await contentSiteAddresses();
    expect(listProblems(readRedirectList(), site)).toEqual([]);
  });

  it('knows every page in every language, and the files of public/', async () => {
    const site = await contentSiteAddresses();
    for (const address of [
      '/kz/services/seo',
      '/ua/blog/trigger-emails',
      '/en/cases/steppe-bean-shop',
      '/ru/manifest.webmanifest',
      '/icon.svg',
    ])
      expect(site.target(address), address).toBe(true);
    expect(site.target('/services/seo')).toBe(false);
    expect(site.withoutLanguage('/services/seo')).toBe(true);
    expect(site.live('/blog/trigger-emails')).toBe(true);
    expect(site.live('/uslugi/seo')).toBe(false);
  });

  it('stops the server’s start when it has a problem, naming each', () => {
    expect(() => redirectsAtStart('/nonexistent', [])).not.toThrow();
    expect(() =>
      redirectsAtStart(process.cwd() + '/public', [
        { from: '/icon.svg', to: '/images/team/asel-mukanova/portrait.svg' },
        { from: '/a', to: '/b' },
      ]),
    ).toThrow(
      /^the redirects given to the server: 2 problems in the redirects .*\n {2}- redirects\.0 \(\/icon\.svg → \/images\/team\/asel-mukanova\/portrait\.svg\): \/icon\.svg is an address of this site/,
    );
  });
});

describe('the list in docs/redirects.md', () => {
  it('is valid against the sample content, as the page says', async () => {
    const page = readFileSync(path.join(process.cwd(), 'docs/redirects.md'), 'utf8');
    const example = /```yaml\n([\s\S]*?)```/.exec(page)?.[1];
    expect(example).toContain('redirects:');
    const list = parseRedirectList(example!, 'docs/redirects.md');
    expect(list.redirects.length).toBeGreaterThanOrEqual(4);
    expect(listProblems(list, await contentSiteAddresses())).toEqual([]);
  });
});

describe('in `astro dev` (src/middleware.ts)', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'redirects-dev-'));
  const file = path.join(scratch, 'content/redirects/index.yaml');
  afterEach(() => vi.restoreAllMocks());

  async function devRedirect() {
    vi.spyOn(process, 'cwd').mockReturnValue(scratch);
    vi.resetModules();
    return (await import('@/server/http/redirects-astro')).devRedirect;
  }

  it('answers an old address with a 301 the browser does not keep, and sees an edit at once', async () => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'redirects:\n  - from: /uslugi/seo\n    to: /ru/services/seo\n');
    const answer = await devRedirect();
    const moved = await answer(new URL('http://localhost/uslugi/seo/?utm_source=x'), 'GET');
    expect(moved?.status).toBe(301);
    expect(moved?.headers.get('location')).toBe('/ru/services/seo?utm_source=x');
    expect(moved?.headers.get('cache-control')).toBe('no-store');
    expect(await answer(new URL('http://localhost/uslugi/seo'), 'POST')).toBeUndefined();
    expect(await answer(new URL('http://localhost/ru/%FF'), 'GET')).toBeUndefined();

    writeFileSync(
      file,
      'redirects:\n  - from: /uslugi/seo\n    to: /kz/services/seo\n  - from: /o-nas\n    to: /kz/about\n',
    );
    expect((await answer(new URL('http://localhost/o-nas'), 'HEAD'))?.headers.get('location')).toBe(
      '/kz/about',
    );

    writeFileSync(file, 'redirects:\n  - from: o-nas\n    to: /kz/about\n');
    await expect(answer(new URL('http://localhost/o-nas'), 'GET')).rejects.toThrow(
      /redirects\.0\.from \(o-nas\): is a path of the old site/,
    );
    rmSync(scratch, { recursive: true, force: true });
    expect(await answer(new URL('http://localhost/o-nas'), 'GET')).toBeUndefined();
  });
});
