import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LocaleProvider } from '@/i18n/locale-context';
import { markdownToHast } from '@/lib/markdown/render';
import { MarkdownBody } from './markdown-body';

async function render(markdown: string, locale: 'ru' | 'kk' = 'ru') {
  const tree = await markdownToHast(markdown);
  return renderToStaticMarkup(
    <LocaleProvider locale={locale} pathname="/blog/sample">
      <MarkdownBody tree={tree} />
    </LocaleProvider>,
  );
}

describe('MarkdownBody', () => {
  it('opens external links safely in a new tab', async () => {
    const html = await render('[Google](https://developers.google.com/search)');
    expect(html).toContain('href="https://developers.google.com/search"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('gives site links the language prefix and no new tab', async () => {
    expect(await render('[calculator](/calculator)', 'kk')).toContain('href="/kz/calculator"');
    const html = await render('[privacy](/privacy)');
    expect(html).toContain('href="/ru/privacy"');
    expect(html).not.toContain('target=');
  });

  it('leaves mailto and tel links as they are', async () => {
    const html = await render('[mail](mailto:hello@example.com) [call](tel:+12025550142)');
    expect(html).toContain('href="mailto:hello@example.com"');
    expect(html).toContain('href="tel:+12025550142"');
  });

  it('renders highlighted code without a raw HTML string', async () => {
    const html = await render('```js\nconst a = 1;\n```');
    expect(html).toMatch(/<pre [^>]*class="shiki[^"]*"[^>]*><code class="language-js">/);
    expect(html).toContain('tabindex="0"');
  });
});
