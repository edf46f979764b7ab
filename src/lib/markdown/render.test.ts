import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { markdownToHast } from './render';

const resolveImage = (src: string) => {
  if (src === '/images/blog/demo/diagram.svg') return { width: 800, height: 450 };
  throw new Error(`unknown image ${src}`);
};

async function html(markdown: string): Promise<string> {
  return toHtml(await markdownToHast(markdown, { resolveImage }));
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

const everything = `
# Title in the body

Plain paragraph with \`inline code\`, **bold**, _italic_ and ~~struck~~ text.[^1]

## Second level

### Third level

#### Fourth level

##### Fifth level

###### Sixth level

1. first
2. second
   - nested one
   - nested two

- [x] done
- [ ] to do

| Factor | Effect |
| ------ | ------ |
| Design | +25%   |

> A quote from the team.

\`\`\`ts
const total: number = 40;
\`\`\`

![Budget diagram](/images/blog/demo/diagram.svg)

[Our services](/services/web) and [Google](https://developers.google.com/search).

[^1]: A footnote.
`;

describe('markdownToHast renders every rich element', () => {
  it('headings: the body h1 becomes an h2, h2–h6 keep their level, all get ids and self-links', async () => {
    const tree = await markdownToHast(everything, { resolveImage });
    expect(findAll(tree, 'h1')).toHaveLength(0);
    const levels = ['h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => findAll(tree, tag).length);
    // h2: the demoted title, "Second level" and the footnotes heading.
    expect(levels).toEqual([3, 1, 1, 1, 1]);
    const out = toHtml(tree);
    expect(out).toContain(
      '<h4 id="fourth-level"><a href="#fourth-level" class="heading-anchor">Fourth level</a></h4>',
    );
  });

  it('paragraphs, emphasis, inline code and strikethrough', async () => {
    const out = await html(everything);
    expect(out).toContain('<code>inline code</code>');
    expect(out).toContain('<strong>bold</strong>');
    expect(out).toContain('<em>italic</em>');
    expect(out).toContain('<del>struck</del>');
  });

  it('ordered, unordered and nested lists', async () => {
    const out = await html(everything);
    expect(out).toMatch(/<ol>\s*<li>first<\/li>\s*<li>second\s*<ul>\s*<li>nested one<\/li>/);
  });

  it('tables, quotes and footnotes', async () => {
    const out = await html(everything);
    expect(out).toContain('<th>Factor</th>');
    expect(out).toContain('<td>+25%</td>');
    expect(out).toMatch(/<blockquote>\s*<p>A quote from the team.<\/p>\s*<\/blockquote>/);
    expect(out).toMatch(/<sup><a href="#user-content-fn-1"[^>]*>1<\/a><\/sup>/);
    expect(out).toContain('A footnote.');
  });

  it('highlights code blocks at build time', async () => {
    const tree = await markdownToHast(everything, { resolveImage });
    const pre = findAll(tree, 'pre')[0]!;
    expect(pre.properties.className).toContain('shiki');
    const spans = findAll(pre, 'span').filter((s) =>
      String(s.properties.style ?? '').includes('color'),
    );
    expect(spans.length).toBeGreaterThan(3);
    expect(toHtml(pre)).toContain('language-ts');
  });

  it('shows code in an unknown language as plain text rather than failing', async () => {
    const out = await html('```brainfuck\n+++.\n```');
    expect(out).toContain('+++.');
  });

  it('gives images their width and height and loads them lazily', async () => {
    const img = findAll(await markdownToHast(everything, { resolveImage }), 'img')[0]!;
    expect(img.properties).toMatchObject({
      src: '/images/blog/demo/diagram.svg',
      alt: 'Budget diagram',
      width: 800,
      height: 450,
      loading: 'lazy',
      decoding: 'async',
    });
  });

  it('refuses an image it cannot measure, such as one on another site', async () => {
    await expect(
      markdownToHast('![x](https://example.com/a.png)', { resolveImage }),
    ).rejects.toThrow(/unknown image/);
  });

  it('names task list checkboxes by their own text', async () => {
    const out = await html('- [x] Redirects\n- [ ] Sitemap\n  - nested');
    expect(out).toContain('<label><input type="checkbox" checked disabled> Redirects</label>');
    expect(out).toMatch(/<label><input type="checkbox" disabled> Sitemap\s*<\/label><ul>/);
  });
});

describe('markdownToHast keeps the page safe', () => {
  it('drops raw HTML and scripts', async () => {
    const out = await html(
      'Hello <script>alert(1)</script><b onclick="x()">bold</b>\n\n<iframe src="https://evil.example"></iframe>',
    );
    // The tags are gone; what stood between them is harmless, escaped text.
    expect(out).not.toMatch(/<script|onclick|<iframe|evil\.example/);
    expect(out).toBe('<p>Hello alert(1)bold</p>');
  });

  it.each([
    [
      '[a](javascript:alert(1))',
      'link "a" (line 1): Cannot navigate to a URL with \'javascript:\' protocol.',
    ],
    [
      'Text\n\n[c](JaVaScRiPt:alert(2))',
      'link "c" (line 3): Cannot navigate to a URL with \'javascript:\' protocol.',
    ],
    [
      '<vbscript:msgbox(1)>',
      'link "vbscript:msgbox(1)" (line 1): Cannot navigate to a URL with \'vbscript:\' protocol.',
    ],
    [
      '[e](data:text/html,x)',
      'link "e" (line 1): Cannot navigate to a URL with \'data:\' protocol.',
    ],
    [
      '[f](blob:https://example.com/1)',
      'link "f" (line 1): Cannot navigate to a URL with \'blob:\' protocol.',
    ],
  ])('refuses a script link, failing the build: %s', async (markdown, message) => {
    await expect(markdownToHast(markdown)).rejects.toThrow(message);
  });

  it('names every unsafe link of a document at once', async () => {
    await expect(
      markdownToHast('[a](javascript:x) [b](https://example.com) [c](data:x)'),
    ).rejects.toThrow(/link "a" \(line 1\): .*'javascript:'.*; link "c" \(line 1\): .*'data:'/);
  });

  it('keeps links to other sites', async () => {
    const tree = await markdownToHast('[b](https://example.com) <https://example.org/x>');
    expect(findAll(tree, 'a').map((a) => a.properties.href)).toEqual([
      'https://example.com',
      'https://example.org/x',
    ]);
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

  it('gives Cyrillic headings readable ids', async () => {
    const tree = await markdownToHast('## Кто отвечает за данные');
    expect(findAll(tree, 'h2')[0]?.properties.id).toBe('кто-отвечает-за-данные');
  });
});
