import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fillTemplate, validateContent } from './validate';

const schema = z.object({
  title: z.string().min(3),
  date: z.iso.date(),
  cover: z.object({ alt: z.string().min(3) }),
});

describe('validateContent', () => {
  it('returns the checked data', () => {
    const data = { title: 'Hello', date: '2026-01-02', cover: { alt: 'A picture' } };
    expect(validateContent(data, schema, 'content/blog/x/index.yaml')).toEqual(data);
  });

  it('names the file and every bad field', () => {
    expect(() =>
      validateContent(
        { title: 'Hi', date: '2 May', cover: {} },
        schema,
        'content/blog/x/index.yaml',
      ),
    ).toThrow(
      /content\/blog\/x\/index\.yaml: invalid content\n\s+- title: .*\n\s+- date: .*\n\s+- cover\.alt: /,
    );
  });
});

describe('fillTemplate', () => {
  it('fills known names and refuses unknown ones', () => {
    expect(fillTemplate('Hi {{brand}}, {{ brand }}!', { brand: 'Ortus' }, 'f.md')).toBe(
      'Hi Ortus, Ortus!',
    );
    expect(() => fillTemplate('{{price}}', { brand: 'Ortus' }, 'f.md')).toThrow(
      'f.md: unknown template variable {{price}}',
    );
  });
});
