export type PageOf<T> = { items: T[]; page: number; pages: number };

/** Page `page` (1-based) of `items`; undefined for a page that does not exist. */
export function paginate<T>(
  items: readonly T[],
  page: number,
  perPage: number,
): PageOf<T> | undefined {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  if (!Number.isInteger(page) || page < 1 || page > pages) return undefined;
  return { items: items.slice((page - 1) * perPage, page * perPage), page, pages };
}

/** The page numbers after the first, for static generation: ['2', '3', …]. */
export function laterPages(count: number, perPage: number): string[] {
  const pages = Math.max(1, Math.ceil(count / perPage));
  return Array.from({ length: pages - 1 }, (_, i) => String(i + 2));
}
