import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fillTemplate, parseFrontmatter } from './frontmatter';

const schema = z.object({
  title: z.string().min(3),
  date: z.iso.date(),
  cover: z.object({ alt: z.string().min(3) }),
});

describe('parseFrontmatter', () => {
  it('returns the checked data and the body', () => {
    const { data, body } = parseFrontmatter(
      '---\ntitle: Hello\ndate: 2026-01-02\ncover:\n  alt: A picture\n---\nBody text\n',
      schema,
      'content/blog/x/en.md',
    );
    expect(data).toEqual({ title: 'Hello', date: '2026-01-02', cover: { alt: 'A picture' } });
    expect(body).toBe('Body text\n');
  });

  it('names the file and every bad field', () => {
    expect(() =>
      parseFrontmatter(
        '---\ntitle: Hi\ndate: 2 May\ncover: {}\n---\n',
        schema,
        'content/blog/x/kz.md',
      ),
    ).toThrow(
      /content\/blog\/x\/kz\.md: invalid frontmatter\n\s+- title: .*\n\s+- date: .*\n\s+- cover\.alt: /,
    );
  });

  it('names the file when the frontmatter is missing or not YAML', () => {
    expect(() => parseFrontmatter('# Just markdown', schema, 'a.md')).toThrow(
      'a.md: missing frontmatter',
    );
    expect(() => parseFrontmatter('---\ntitle: [oops\n---\n', schema, 'b.md')).toThrow(
      /^b\.md: frontmatter is not valid YAML/,
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
