import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';

const fence = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

export class ContentError extends Error {
  override name = 'ContentError';
}

/**
 * Splits a Markdown file into its YAML frontmatter, checked against `schema`, and
 * its body. A problem names the file and the field, so a broken entry fails the
 * build with a message that says where to look.
 */
export function parseFrontmatter<S extends z.ZodType>(
  source: string,
  schema: S,
  file: string,
): { data: z.infer<S>; body: string } {
  const match = fence.exec(source);
  if (!match)
    throw new ContentError(`${file}: missing frontmatter (a block between --- lines at the top)`);
  let raw: unknown;
  try {
    raw = parseYaml(match[1] ?? '');
  } catch (error) {
    throw new ContentError(`${file}: frontmatter is not valid YAML: ${(error as Error).message}`);
  }
  return {
    data: validateContent(raw ?? {}, schema, file, 'frontmatter'),
    body: source.slice(match[0].length),
  };
}

/** Checks parsed content against its schema; the error lists every bad field. */
export function validateContent<S extends z.ZodType>(
  raw: unknown,
  schema: S,
  file: string,
  what = 'content',
): z.infer<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('\n');
  throw new ContentError(`${file}: invalid ${what}\n${problems}`);
}

/** Replaces `{{name}}` with a value; an unknown name is an error, never left on the page. */
export function fillTemplate(text: string, values: Record<string, string>, file: string): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined)
      throw new ContentError(`${file}: unknown template variable {{${name}}}`);
    return value;
  });
}
