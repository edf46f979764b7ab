import { currentPage, getTranslations } from '@/i18n/server';
import { Container } from '@/components/ui/container';
import { navConfig } from '@/config/navigation';
import { siteConfig } from '@/config/site';
import { Link } from '@/i18n/navigation';
import { currentBuild } from '@/lib/builds/build-info';
import { Icon } from '@/components/ui/icon';
import { localeInfo } from '@/i18n/locales';
import { enabledProviders } from '@/lib/analytics/config';
import { buildProviders, consentTexts } from '@/server/consent/texts';
import { ConsentSettingsData } from '@/components/consent/consent-settings-data';

/**
 * The year of the copyright notice: the year the site was built, so a notice
 * never goes stale while the site is maintained (pages are built ahead).
 */
export function copyrightYear(build = currentBuild): number {
  return new Date(build.timestamp || Date.now()).getUTCFullYear();
}

export async function SiteFooter() {
  const { locale } = currentPage();
  const t = await getTranslations('Footer');
  const tConsent = await getTranslations('Consent');
  // A way back to the consent choice, on every page, where there is one to make.
  const providers = buildProviders();
  const analytics = enabledProviders(providers).length > 0;
  const heading = 'footer-heading';
  const link = 'footer-link';

  return (
    <footer className="mt-auto bg-ink text-slate-300 print:hidden">
      <Container className="grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm space-y-5">
          <p className="text-lg font-bold text-white">{siteConfig.name}</p>
          <p className="leading-relaxed">{t('blurb')}</p>
          <ul aria-label={t('socialLabel', { brand: siteConfig.name })} className="flex gap-3">
            {siteConfig.social.map((network) => (
              <li key={network.id}>
                <a
                  href={network.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="footer-social"
                >
                  <Icon name={`social-${network.id}`} className="size-5" />
                  <span className="sr-only">
                    {network.label} ({t('newTab')})
                  </span>
                </a>
              </li>
            ))}
          </ul>
          <a
            href={siteConfig.telegramChannel}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded font-semibold text-white underline decoration-sun decoration-2 underline-offset-4 hover:decoration-white"
          >
            {t('subscribe')}
            <Icon name="external" className="size-3.5 shrink-0" />
            <span className="sr-only">({t('newTab')})</span>
          </a>
        </div>

        {(
          [
            ['footer-services', 'servicesTitle', navConfig.footerServices],
            ['footer-navigation', 'navigationTitle', navConfig.footerNavigation],
          ] as const
        ).map(([id, title, items]) => (
          <nav key={id} aria-labelledby={id}>
            <h2 id={id} className={heading}>
              {t(title)}
            </h2>
            <ul className="mt-4 space-y-3">
              {items.map((item) => (
                <li key={item.key}>
                  <Link href={item.href} className={link}>
                    {t(item.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>

      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-3 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>{t('copyright', { year: copyrightYear(), brand: siteConfig.name })}</p>
          <nav aria-label={t('legalLabel')}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {navConfig.legal.map((item) => (
                <li key={item.key}>
                  <Link href={item.href} className={link}>
                    {t(item.key)}
                  </Link>
                </li>
              ))}
              {analytics ? (
                <li>
                  {/* Opens the consent settings (src/scripts/consent.ts). */}
                  <button type="button" data-consent-settings className={link}>
                    {tConsent('settings')}
                  </button>
                </li>
              ) : null}
            </ul>
          </nav>
        </Container>
      </div>
      {analytics ? (
        <ConsentSettingsData
          settings={{
            providers,
            lang: localeInfo[locale].code,
            texts: await consentTexts(locale, providers),
          }}
        />
      ) : null}
    </footer>
  );
}
