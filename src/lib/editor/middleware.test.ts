import type { APIContext } from 'astro';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs } from '@/server/log';
import { editorMiddleware } from './middleware';
import type { EditorStorage } from './storage';

const github: EditorStorage = {
  kind: 'github',
  repo: 'ortus-digital/site',
  branchPrefix: 'content/',
};
const secrets = {
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.0123456789',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'client-secret',
  KEYSTATIC_SECRET: 'a-long-random-secret',
};

/** One request to a route, as Astro names it, answered by `answer` when the guard lets it through. */
async function request(
  guard: ReturnType<typeof editorMiddleware>,
  routePattern: string,
  answer = () => new Response('the route', { headers: { 'Content-Type': 'text/html' } }),
) {
  let reached = false;
  const response = await guard({ routePattern } as APIContext, () => {
    reached = true;
    return Promise.resolve(answer());
  });
  return { response: response as Response, reached };
}

describe('the content editor’s guard', () => {
  let logs: ReturnType<typeof captureLogs> | undefined;
  afterEach(() => logs?.stop());

  it('lets every other route through untouched', async () => {
    const guard = editorMiddleware({ dev: false, storage: github, env: {} });
    for (const route of ['/[...path]', '/[lang]', '/api/health']) {
      const { response, reached } = await request(guard, route);
      expect(reached, route).toBe(true);
      expect(response.status).toBe(200);
      expect(response.headers.get('X-Robots-Tag')).toBeNull();
    }
  });

  it('in production GitHub mode without the secrets: 404 on the page and the API, the log names what is missing, once', async () => {
    logs = captureLogs();
    const guard = editorMiddleware({
      dev: false,
      storage: github,
      env: { KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.0123456789', KEYSTATIC_SECRET: ' ' },
    });
    for (const route of ['/keystatic/[...params]', '/api/keystatic/[...params]']) {
      const { response, reached } = await request(guard, route);
      expect(reached, route).toBe(false);
      expect(response.status).toBe(404);
      // Empty, so that Astro answers it with the site's 404 page.
      expect(response.body).toBeNull();
      expect(response.headers.get('Cache-Control')).toBe('no-store');
    }
    const errors = logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      level: 50,
      missing: ['KEYSTATIC_GITHUB_CLIENT_SECRET', 'KEYSTATIC_SECRET'],
    });
    expect(errors[0]!.msg).toContain('/keystatic answers 404');
  });

  it('with the secrets: the page carries the editor’s policy, is never indexed or cached', async () => {
    const guard = editorMiddleware({ dev: false, storage: github, env: secrets });
    const page = await request(guard, '/keystatic/[...params]');
    expect(page.reached).toBe(true);
    expect(page.response.status).toBe(200);
    const policy = page.response.headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain("connect-src 'self' https://api.github.com");
    expect(policy).toMatch(/img-src [^;]*blob:/);
    expect(policy).not.toContain('unsafe-eval');
    expect(page.response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect(page.response.headers.get('Cache-Control')).toBe('no-store');

    // Its API: not indexed or cached; a policy means nothing to JSON. A
    // redirect (signing in with GitHub) keeps its own answer.
    const api = await request(guard, '/api/keystatic/[...params]', () =>
      Response.redirect('https://github.com/login/oauth/authorize?client_id=x', 307),
    );
    expect(api.response.status).toBe(307);
    expect(api.response.headers.get('Location')).toContain('github.com/login/oauth');
    expect(api.response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect(api.response.headers.get('Cache-Control')).toBe('no-store');
    expect(api.response.headers.get('Content-Security-Policy')).toBeNull();
  });

  it('in local mode and in development it is always open, without a policy of its own in development', async () => {
    const local = editorMiddleware({ dev: false, storage: { kind: 'local' }, env: {} });
    expect((await request(local, '/keystatic/[...params]')).reached).toBe(true);
    const dev = editorMiddleware({ dev: true, storage: github, env: {} });
    const { response, reached } = await request(dev, '/keystatic/[...params]');
    expect(reached).toBe(true);
    expect(response.headers.get('Content-Security-Policy')).toBeNull();
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
  });
});
