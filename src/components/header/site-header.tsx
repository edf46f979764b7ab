import { getTranslations, currentPage } from '@/i18n/server';
import { LanguageSwitcher } from '@/components/i18n/language-switcher';
import { buttonClass } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { navConfig } from '@/config/navigation';
import { siteConfig } from '@/config/site';
import type { Locale } from '@/i18n/locales';
import { Link } from '@/i18n/navigation';
import { getServiceLinks } from '@/server/navigation/service-links';
import { Logo } from './logo';
import { DrawerButton, SiteNav } from './site-nav';

type SiteHeaderProps = { locale: Locale };

/**
 * The sticky header: hamburger (below 960 px), logo, the navigation, and the
 * language menu and contact button (in the bar from 600 px; below that, at
 * the foot of the drawer). HTML only: what script adds comes from the page's
 * module (src/scripts/page.ts).
 */
export async function SiteHeader({ locale }: SiteHeaderProps) {
  const { pathname } = currentPage();
  const t = await getTranslations('Header');
  const tNav = await getTranslations('Nav');
  const tDrawer = await getTranslations('Drawer');
  const tLanguage = await getTranslations('LanguageSwitcher');
  const switcher = {
    locale,
    pathname,
    changeLabel: tLanguage('change'),
    menuLabel: tLanguage('menuLabel'),
  };

  return (
    <header className="sticky top-0 z-40 h-(--header-height) border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85 print:static print:border-0">
      <Container className="flex h-full items-center gap-2 lg:gap-4 xl:gap-6">
        <DrawerButton label={t('openMenu')} />
        <Logo label={t('homeLink', { brand: siteConfig.name })} />
        <SiteNav
          pathname={pathname}
          servicesLabel={tNav('services')}
          services={await getServiceLinks(locale)}
          links={navConfig.main.map((item) => ({ href: item.href, label: tNav(item.key) }))}
          contactHref={navConfig.consultation}
          labels={{
            title: tDrawer('title'),
            close: tDrawer('close'),
            nav: t('mainNav'),
            contact: t('contactButton'),
          }}
          languageSwitcher={<LanguageSwitcher {...switcher} place="drawer" />}
        />
        <div className="ml-auto flex items-center gap-2 print:hidden">
          <LanguageSwitcher {...switcher} place="bar" className="max-sm:hidden" />
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
