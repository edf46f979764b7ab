import 'server-only';
import { getTranslations } from '@/i18n/server';
import { cache } from 'react';
import type { ServiceLinkItem } from '@/components/header/nav-data';
import { navConfig } from '@/config/navigation';
import type { Locale } from '@/i18n/locales';

/**
 * The 14 services as links with their names and summaries, one array per
 * request. The header's two menus and the home page's carousel all get these
 * very objects: React writes an object it has already sent as a reference, so
 * the page's data carries the names and summaries once, not three times.
 */
export const getServiceLinks = cache(async (locale: Locale): Promise<ServiceLinkItem[]> => {
  const t = await getTranslations({ locale, namespace: 'Services' });
  return navConfig.services.map((service) => ({
    href: service.href,
    label: t(`${service.slug}.title`),
    summary: t(`${service.slug}.summary`),
  }));
});
