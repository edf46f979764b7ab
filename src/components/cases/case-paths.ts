import type { PagePath } from '@/config/navigation';
import type { ServiceSlug } from '@/config/services';

/** The portfolio, or its page for one service. */
export function casesListPath(service?: ServiceSlug): PagePath {
  return service ? `/cases/service/${service}` : '/cases';
}

export function casePath(slug: string): PagePath {
  return `/cases/${slug}`;
}
