import type { APIRoute } from 'astro';
import { siteConfig } from '@/config/site';
import { localeInfo } from '@/i18n/locales';
import { langStaticPaths, localeOfParam } from '@/i18n/page-locale';
import { getTranslations } from '@/i18n/server';
import { brandColors } from '@/server/seo/brand-icon';

// One manifest per language, built with the site: its name and description are the language's.
export const getStaticPaths = langStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const locale = localeOfParam(params.lang);
  const lang = localeInfo[locale].code;
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  const manifest = {
    id: `/${lang}`,
    name: t('defaultTitle', { brand: siteConfig.name }),
    short_name: siteConfig.name,
    description: t('defaultDescription', {
      brand: siteConfig.name,
      hours: siteConfig.claims.callbackHours,
    }),
    lang: localeInfo[locale].hreflang,
    dir: 'ltr',
    start_url: `/${lang}`,
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: brandColors.night,
    icons: [
      { src: '/icons/192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8' },
  });
};
