import { getTranslations } from 'next-intl/server';
import type { ServiceSlug } from '@/config/services';
import { Link } from '@/i18n/navigation';
import { cn } from '@/lib/cn';
import { casesListPath } from './case-paths';

/** The portfolio's filter by service: each service with cases is a static page of its own. */
export async function CaseFilter({
  services,
  current,
}: {
  services: ServiceSlug[];
  current?: ServiceSlug;
}) {
  const t = await getTranslations('CasesPage');
  const tServices = await getTranslations('Services');
  const entries = [
    { key: 'all', label: t('all'), href: casesListPath(), active: !current },
    ...services.map((service) => ({
      key: service,
      label: tServices(`${service}.title`),
      href: casesListPath(service),
      active: current === service,
    })),
  ];
  return (
    <nav aria-label={t('filterLabel')}>
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
