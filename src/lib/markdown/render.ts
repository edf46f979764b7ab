import type { Root } from 'hast';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { rehypeTaskListLabels } from './rehype-task-list-labels';

/**
 * The sanitiser's allow-list: GitHub's, which refuses `javascript:` and every
 * other script protocol in links and images (plus `tel:` for phone links). Ids are kept as written
 * (rehype-slug runs after it), so heading anchors stay readable.
 */
const sanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: '',
  protocols: {
    ...defaultSchema.protocols,
    href: [...(defaultSchema.protocols?.href ?? []), 'tel'],
  },
};

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  // Raw HTML in Markdown is dropped here, and whatever remains is sanitised below.
  .use(remarkRehype)
  .use(rehypeSanitize, sanitizeSchema)
  .use(rehypeSlug)
  .use(rehypeTaskListLabels);

/** Markdown to a sanitised HTML tree, ready to render with React. */
export async function markdownToHast(markdown: string): Promise<Root> {
  return processor.run(processor.parse(markdown));
}
