import rehypeShiki from '@shikijs/rehype';
import type { Root } from 'hast';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { rehypeCheckLinks } from './rehype-check-links';
import { rehypeDemoteH1, rehypeHeadingAnchors } from './rehype-headings';
import { rehypeImages, type ImageSizeResolver } from './rehype-images';
import { rehypeNormalize } from './rehype-normalize';
import { rehypeTaskListLabels } from './rehype-task-list-labels';

/**
 * The sanitiser's allow-list: GitHub's, which refuses `javascript:` and every
 * other script protocol in links and images (plus `tel:` for phone links). Ids
 * are kept as written (rehype-slug runs after it), so anchors stay readable.
 */
const sanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: '',
  protocols: {
    ...defaultSchema.protocols,
    href: [...(defaultSchema.protocols?.href ?? []), 'tel'],
  },
};

/** The languages code blocks in content may use; anything else is shown as plain text. */
export const codeLanguages = [
  'bash',
  'css',
  'html',
  'js',
  'json',
  'kotlin',
  'sql',
  'swift',
  'ts',
  'tsx',
  'yaml',
] as const;

export type MarkdownOptions = {
  /** Sizes of the images the content shows; without it images keep no dimensions. */
  resolveImage?: ImageSizeResolver;
  /** The footnotes' heading and back-link label, in the page's language. */
  footnotes?: { label: string; backLabel: string };
};

function createProcessor({ resolveImage, footnotes }: MarkdownOptions) {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    // Raw HTML in Markdown is dropped here, and whatever remains is sanitised below.
    .use(remarkRehype, {
      footnoteLabel: footnotes?.label ?? 'Footnotes',
      footnoteBackLabel: footnotes?.backLabel ?? 'Back to content',
    })
    // Links are checked while they are still as written; the sanitiser is the second wall.
    .use(rehypeCheckLinks)
    .use(rehypeSanitize, sanitizeSchema)
    .use(rehypeDemoteH1)
    .use(rehypeSlug)
    .use(rehypeHeadingAnchors)
    .use(rehypeTaskListLabels);
  if (resolveImage) processor.use(rehypeImages, resolveImage);
  // Highlighted at build time: the page ships coloured HTML and no highlighter.
  return processor
    .use(rehypeShiki, {
      theme: 'github-dark-high-contrast',
      langs: [...codeLanguages],
      defaultLanguage: 'text',
      fallbackLanguage: 'text',
      addLanguageClass: true,
    })
    .use(rehypeNormalize);
}

// Building a processor loads the highlighter's grammars: once per set of options.
const processors = new Map<
  ImageSizeResolver | undefined,
  Map<string, ReturnType<typeof createProcessor>>
>();

/** Markdown to a sanitised, highlighted HTML tree, ready to render with React. */
export async function markdownToHast(
  markdown: string,
  options: MarkdownOptions = {},
): Promise<Root> {
  const byLabels =
    processors.get(options.resolveImage) ?? new Map<string, ReturnType<typeof createProcessor>>();
  processors.set(options.resolveImage, byLabels);
  const key = JSON.stringify(options.footnotes ?? null);
  let processor = byLabels.get(key);
  if (!processor) {
    processor = createProcessor(options);
    byLabels.set(key, processor);
  }
  return processor.run(processor.parse(markdown));
}
