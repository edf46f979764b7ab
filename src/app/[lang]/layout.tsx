import type { Metadata, Viewport } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { DocumentShell } from '@/components/layout/document-shell';
import { siteConfig } from '@/config/site';
import { env } from '@/env';
import { localeInfo } from '@/i18n/locales';
import { documentLocale, langStaticParams, type LangParams } from '@/i18n/page-locale';
import '../globals.css';

type LangLayoutProps = { children: ReactNode; params: Promise<LangParams> };

export const generateStaticParams = langStaticParams;

export const viewport: Viewport = { themeColor: '#1e1b4b' };

export async function generateMetadata({ params }: LangLayoutProps): Promise<Metadata> {
  const locale = await documentLocale(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    // Relative addresses in metadata (canonical, alternates, images) are made absolute on it.
    metadataBase: new URL(env.SITE_URL),
    title: {
      default: t('defaultTitle', { brand: siteConfig.name }),
      template: `%s | ${siteConfig.name}`,
    },
    description: t('defaultDescription', { brand: siteConfig.name }),
    applicationName: siteConfig.name,
    manifest: `/${localeInfo[locale].code}/manifest.webmanifest`,
  };
}

/** The root layout: the language is the first segment of every address. */
export default async function LangLayout({ children, params }: LangLayoutProps) {
  const locale = await documentLocale(params);
  return <DocumentShell locale={locale}>{children}</DocumentShell>;
}
