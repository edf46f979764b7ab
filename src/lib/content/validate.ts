import type { z } from 'zod';

export class ContentError extends Error {
  override name = 'ContentError';
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
