import { getTranslations } from '@/i18n/server';
import { LanguageSwitcher } from '@/components/i18n/language-switcher';
import { buttonClass } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { navConfig } from '@/config/navigation';
import { siteConfig } from '@/config/site';
import type { Locale } from '@/i18n/locales';
import { Link } from '@/i18n/navigation';
import { Logo } from './logo';
import { MobileNav } from './mobile-nav';
import type { HeaderNavData } from './nav-data';
import { getServiceLinks } from '@/server/navigation/service-links';
import { DesktopNav } from './desktop-nav';

type SiteHeaderProps = { locale: Locale };

export async function SiteHeader({ locale }: SiteHeaderProps) {
  const t = await getTranslations('Header');
  const tNav = await getTranslations('Nav');
  const tDrawer = await getTranslations('Drawer');
  const tLanguage = await getTranslations('LanguageSwitcher');

  // Both menus get the same objects, which the page's data then carries once
  // (the drawer shows no summaries, but they cost it nothing there).
  const nav: HeaderNavData = {
    servicesLabel: tNav('services'),
    services: await getServiceLinks(locale),
    links: navConfig.main.map((item) => ({ href: item.href, label: tNav(item.key) })),
  };
  const switcherLabels = { changeLabel: tLanguage('change'), menuLabel: tLanguage('menuLabel') };

  return (
    <header className="sticky top-0 z-40 h-(--header-height) border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85 print:static print:border-0">
      <Container className="flex h-full items-center gap-2 lg:gap-4 xl:gap-6">
        <MobileNav
          {...nav}
          labels={{
            open: t('openMenu'),
            title: tDrawer('title'),
            close: tDrawer('close'),
            nav: t('mainNav'),
            contact: t('contactButton'),
          }}
          contactHref={navConfig.consultation}
          languageSwitcher={<LanguageSwitcher locale={locale} block {...switcherLabels} />}
        />
        <Logo label={t('homeLink', { brand: siteConfig.name })} />
        <DesktopNav {...nav} label={t('mainNav')} className="max-lg:hidden print:hidden" />
        <div className="ml-auto flex items-center gap-2 print:hidden">
          <LanguageSwitcher locale={locale} className="max-sm:hidden" {...switcherLabels} />
          <Link
            href={navConfig.consultation}
            className={buttonClass({ className: 'max-sm:hidden' })}
          >
            {t('contactButton')}
          </Link>
        </div>
      </Container>
    </header>
  );
}
