import type { PagePath } from '@/config/navigation';
import { Link } from '@/i18n/navigation';
import { cn } from '@/lib/cn';

export type FilterEntry = { key: string; label: string; href: PagePath; active: boolean };

/**
 * A filter made of links, each to a static page of its own (blog categories,
 * the portfolio's services): works without JavaScript, the current one marked.
 */
export function FilterNav({ label, entries }: { label: string; entries: FilterEntry[] }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {entries.map((entry) => (
          <li key={entry.key}>
            <Link
              href={entry.href}
              aria-current={entry.active ? 'page' : undefined}
              className={cn('chip', entry.active && 'chip-active')}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
