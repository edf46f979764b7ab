import type { PagePath } from '@/config/navigation';
import { Link } from '@/i18n/navigation';
import { cn } from '@/lib/cn';

export type FilterEntry = { key: string; label: string; href: PagePath; active: boolean };

/**
 * A filter made of links, each to a static page of its own (blog categories,
 * the portfolio's services): works without JavaScript, the current one marked.
 *
 * On a phone the links stay in one row that scrolls sideways, the current one
 * scrolled into view where the browser can: in rows, the portfolio's fifteen
 * filled the first screen and pushed the first case below it. From 640 px they
 * wrap, and the current one is left where it is: the row no longer scrolls, so
 * bringing it into view would scroll the page under the sticky header. The
 * row's padding keeps the focus ring inside the scrolling box.
 */
export function FilterNav({ label, entries }: { label: string; entries: FilterEntry[] }) {
  return (
    <nav aria-label={label}>
      <ul className="-mx-4 -my-1.5 flex scroll-px-4 [scrollbar-width:thin] gap-2 overflow-x-auto px-4 py-1.5 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        {entries.map((entry) => (
          <li key={entry.key} className="shrink-0">
            <Link
              href={entry.href}
              aria-current={entry.active ? 'page' : undefined}
              className={cn(
                'chip whitespace-nowrap',
                entry.active && 'chip-active max-sm:[scroll-initial-target:nearest]',
              )}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
