import { describe, expect, it } from 'vitest';
import { jsonLdText } from './json-ld';

describe('jsonLdText', () => {
  it('wraps the nodes in one graph and never lets text close the script element', () => {
    const text = jsonLdText([
      { '@type': 'Thing', name: '</script><script>alert(1)</script>' },
      null,
    ]);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({
      '@context': 'https://schema.org',
      '@graph': [{ '@type': 'Thing', name: '</script><script>alert(1)</script>' }],
    });
  });
});
