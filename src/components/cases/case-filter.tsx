import { getTranslations } from '@/i18n/server';
import type { ServiceSlug } from '@/config/services';
import { FilterNav } from '@/components/ui/filter-nav';
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
  return <FilterNav label={t('filterLabel')} entries={entries} />;
}
