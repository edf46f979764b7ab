import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseDirectives, headerPolicy, pagePolicy, securityHeaders } from './headers';
import { requiredDirectives } from '../../../tests/support/csp';
import { addPagePolicy, inlineScriptHashes } from './page-policy';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<script src="/_next/static/chunks/a.js" async=""></script>',
  '<script>self.__next_f=self.__next_f||[]</script>',
  '</head><body><p>Hi</p>',
  '<script>self.__next_f.push([1,"Привет \\u003c/script"])</script>',
  '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
  '<script type="module">import("/x.js")</script>',
  '</body></html>',
].join('');

describe('the per-page policy', () => {
  it('hashes each inline script that runs, and no file or data block', () => {
    expect(inlineScriptHashes(page)).toEqual([
      sha('self.__next_f=self.__next_f||[]'),
      sha('self.__next_f.push([1,"Привет \\u003c/script"])'),
      sha('import("/x.js")'),
    ]);
  });

  it('goes first in <head>, before any script, and a second run changes nothing', () => {
    const once = addPagePolicy(page);
    expect(
      once.html.startsWith(
        '<!DOCTYPE html><html lang="en"><head><meta http-equiv="Content-Security-Policy" content="script-src \'self\' \'sha256-',
      ),
    ).toBe(true);
    expect(once.hashes).toHaveLength(3);
    expect(addPagePolicy(once.html)).toEqual(once);
  });

  it('fails the build on a page without <head>', () => {
    expect(() => addPagePolicy('<p>no head</p>')).toThrow(/no <head>/);
  });

  it('names only the site itself and the hashes', () => {
    expect(pagePolicy(['abc=', 'def='])).toBe("script-src 'self' 'sha256-abc=' 'sha256-def='");
  });
});

describe('the header policy', () => {
  it('allows nothing from another origin and forbids framing, plugins and base changes', () => {
    const policy = headerPolicy();
    expect(policy).not.toMatch(/https?:|\*|data:|blob:/);
    for (const directive of [...requiredDirectives, "script-src 'self' 'unsafe-inline'"]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toContain('unsafe-eval');
  });

  it('allows eval only under next dev, which needs it', () => {
    expect(headerPolicy({ dev: true })).toContain(
      "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    );
  });

  it('sends the five headers', () => {
    expect(securityHeaders().map((header) => header.key)).toEqual([
      'Content-Security-Policy',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Permissions-Policy',
      'Cross-Origin-Opener-Policy',
    ]);
    expect(Object.keys(baseDirectives)).toContain('img-src');
  });
});
