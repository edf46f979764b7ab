import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { markdownToHast } from './render';

async function html(markdown: string): Promise<string> {
  return toHtml((await markdownToHast(markdown)) as Root);
}

function findAll(node: Root | Element, tag: string, out: Element[] = []): Element[] {
  for (const child of node.children) {
    if (child.type === 'element') {
      if (child.tagName === tag) out.push(child);
      findAll(child, tag, out);
    }
  }
  return out;
}

describe('markdownToHast', () => {
  it('renders headings with ids, lists and tables', async () => {
    const out = await html('## Who we are\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |\n');
    expect(out).toContain('<h2 id="who-we-are">Who we are</h2>');
    expect(out).toContain('<li>one</li>');
    expect(out).toContain('<td>2</td>');
  });

  it('gives Cyrillic headings readable ids', async () => {
    const tree = await markdownToHast('## Кто отвечает за данные');
    expect(findAll(tree, 'h2')[0]?.properties.id).toBe('кто-отвечает-за-данные');
  });

  it('drops raw HTML and scripts', async () => {
    const out = await html(
      'Hello <script>alert(1)</script><b onclick="x()">bold</b>\n\n<iframe src="https://evil.example"></iframe>',
    );
    // The tags are gone; what stood between them is harmless, escaped text.
    expect(out).not.toMatch(/<script|onclick|<iframe|evil\.example/);
    expect(out).toBe('<p>Hello alert(1)bold</p>');
  });

  it('never lets a javascript: link through', async () => {
    const tree = await markdownToHast(
      '[click](javascript:alert(1)) and [ok](https://example.com) and [JS](JaVaScRiPt:alert(2))',
    );
    const hrefs = findAll(tree, 'a').map((a) => a.properties.href);
    expect(hrefs).toEqual([undefined, 'https://example.com', undefined]);
  });

  it('keeps relative, mailto and tel links', async () => {
    const tree = await markdownToHast(
      '[p](/privacy) [m](mailto:a@example.com) [t](tel:+12025550142)',
    );
    expect(findAll(tree, 'a').map((a) => a.properties.href)).toEqual([
      '/privacy',
      'mailto:a@example.com',
      'tel:+12025550142',
    ]);
  });

  it('names task list checkboxes by their own text', async () => {
    const out = await html('- [x] Redirects\n- [ ] Sitemap\n  - nested');
    expect(out).toContain('<label><input type="checkbox" checked disabled> Redirects</label>');
    expect(out).toMatch(/<label><input type="checkbox" disabled> Sitemap\s*<\/label><ul>/);
  });
});
