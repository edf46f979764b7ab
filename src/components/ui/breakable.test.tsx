import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Breakable } from './breakable';

const html = (text: string) => renderToStaticMarkup(<Breakable text={text} />);

describe('Breakable', () => {
  it('lets a handle or an address wrap after its underscores, dots, @ and slashes', () => {
    expect(html('@ortus_digital_example')).toBe('@ortus_<wbr/>digital_<wbr/>example');
    expect(html('hello@example.com')).toBe('hello@<wbr/>example.<wbr/>com');
    expect(html('t.me/ortus')).toBe('t.<wbr/>me/<wbr/>ortus');
  });

  it('leaves the text as it is, escaped, and never alone at either end', () => {
    expect(html('+1 202 555 0142')).toBe('+1 202 555 0142');
    expect(html('a<b>_c')).toBe('a&lt;b&gt;_<wbr/>c');
    expect(html('')).toBe('');
    expect(html('_a.')).toBe('_a.');
  });
});
