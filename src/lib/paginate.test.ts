import { describe, expect, it } from 'vitest';
import { laterPages, paginate } from './paginate';

const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

describe('paginate', () => {
  it('cuts pages in order', () => {
    expect(paginate(items, 1, 3)).toEqual({ items: ['a', 'b', 'c'], page: 1, pages: 3 });
    expect(paginate(items, 3, 3)).toEqual({ items: ['g'], page: 3, pages: 3 });
  });

  it('has one empty page for no items', () => {
    expect(paginate([], 1, 3)).toEqual({ items: [], page: 1, pages: 1 });
  });

  it.each([0, 4, -1, 1.5, Number.NaN])('refuses page %s', (page) => {
    expect(paginate(items, page, 3)).toBeUndefined();
  });

  it('lists the pages after the first', () => {
    expect(laterPages(7, 3)).toEqual(['2', '3']);
    expect(laterPages(3, 3)).toEqual([]);
    expect(laterPages(0, 3)).toEqual([]);
  });
});
