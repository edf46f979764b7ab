import 'server-only';
import { getTranslations } from '@/i18n/server';
import { cache } from 'react';
import { blogCategories, blogConfig, type BlogCategory } from '@/config/blog';
import type { PagePath } from '@/config/navigation';
import { pricingConfig } from '@/config/pricing';
import { serviceSlugs, type ServiceSlug } from '@/config/services';
import { siteConfig } from '@/config/site';
import type { Locale } from '@/i18n/locales';
import { laterPages } from '@/lib/paginate';
import { getArticle, getArticles, getArticlesInCategory } from '@/server/content/blog';
import { legalPageSlugs, legalTexts, type LegalPageSlug } from '@/server/content/legal';
import { getAbout } from '@/server/content/about';
import { getCase, getCaseServices, getCases, getCasesForService } from '@/server/content/cases';
import { getServiceContent } from '@/server/content/services';

/** A step of a page's breadcrumb trail; the home page is the first of every trail. */
export type Crumb = { name: string; path: '' | PagePath };

/**
 * What search engines and link previews learn about a page: one record per
 * page, read by its metadata, its Open Graph image, its JSON-LD and the sitemap,
 * so the four never disagree. The getters are cached per request: a page's
 * metadata and its body ask for the same record.
 */
export type PageSeo = {
  locale: Locale;
  /** The address without the language: '' for the home page, '/blog' … */
  path: '' | PagePath;
  /** The page's own title; the brand is added by the title template. */
  title: string;
  /** The home page's title is complete as it is. */
  absoluteTitle?: boolean;
  description: string;
  /** A word above the title on the Open Graph image ("Blog", "Services" …). */
  eyebrow: string;
  /** The trail from the home page to this page, this page last. */
  breadcrumbs: Crumb[];
  /** The date the content last changed (YYYY-MM-DD), where content has one. */
  lastModified?: string;
  article?: { published: string; author: string; section: string; tags: string[] };
  /** A case study: what its JSON-LD (a CreativeWork) says beyond the title. */
  caseStudy?: { client: string; year: number; image: string; services: string[] };
};

const home = (): Crumb => ({ name: siteConfig.name, path: '' });

function newest(dates: Array<string | undefined>): string | undefined {
  return dates
    .filter((date): date is string => !!date)
    .sort()
    .at(-1);
}

export const homeSeo = cache(async (locale: Locale): Promise<PageSeo> => {
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  const articles = await getArticles(locale);
  return {
    locale,
    path: '',
    title: t('defaultTitle', { brand: siteConfig.name }),
    absoluteTitle: true,
    description: t('defaultDescription', {
      brand: siteConfig.name,
      hours: siteConfig.claims.callbackHours,
    }),
    eyebrow: siteConfig.name,
    breadcrumbs: [home()],
    // The home page shows the newest articles and the prices.
    lastModified: newest([articles[0]?.date, pricingConfig.ratesSetOn]),
  };
});

export const blogListSeo = cache(
  async (locale: Locale, page: number, category?: BlogCategory): Promise<PageSeo> => {
    const t = await getTranslations({ locale, namespace: 'BlogPage' });
    const articles = category
      ? await getArticlesInCategory(locale, category)
      : await getArticles(locale);
    const name = category ? t(`categories.${category}`) : t('metaTitle');
    const listPath: PagePath = category ? `/blog/category/${category}` : '/blog';
    const path: PagePath = page > 1 ? `${listPath}/page/${page}` : listPath;
    const shown = articles.slice(
      (page - 1) * blogConfig.postsPerPage,
      page * blogConfig.postsPerPage,
    );
    const breadcrumbs: Crumb[] = [home(), { name: t('title'), path: '/blog' }];
    if (category) breadcrumbs.push({ name, path: listPath });
    if (page > 1) breadcrumbs.push({ name: t('page', { page }), path });
    return {
      locale,
      path,
      title: page > 1 ? `${name} · ${t('page', { page })}` : name,
      description: category
        ? t(`categoryIntro.${category}`, { brand: siteConfig.name })
        : t('metaDescription', { brand: siteConfig.name }),
      eyebrow: t('title'),
      breadcrumbs,
      lastModified: newest(shown.map((article) => article.date)),
    };
  },
);

export const articleSeo = cache(async (locale: Locale, slug: string): Promise<PageSeo | null> => {
  const article = await getArticle(slug, locale);
  if (!article) return null;
  const t = await getTranslations({ locale, namespace: 'BlogPage' });
  const section = t(`categories.${article.category}`);
  const path: PagePath = `/blog/${slug}`;
  return {
    locale,
    path,
    title: article.title,
    description: article.description,
    eyebrow: `${t('title')} · ${section}`,
    breadcrumbs: [
      home(),
      { name: t('title'), path: '/blog' },
      { name: section, path: `/blog/category/${article.category}` },
      { name: article.title, path },
    ],
    lastModified: article.date,
    article: {
      published: article.date,
      author: article.author,
      section,
      tags: article.tags,
    },
  };
});

export const serviceSeo = cache(async (locale: Locale, slug: ServiceSlug): Promise<PageSeo> => {
  const { seo, updated } = await getServiceContent(slug, locale);
  const t = await getTranslations({ locale, namespace: 'ServicePage' });
  const path: PagePath = `/services/${slug}`;
  return {
    locale,
    path,
    title: seo.title,
    description: seo.description,
    eyebrow: t('eyebrow'),
    breadcrumbs: [home(), { name: seo.title, path }],
    // The page also shows the service's price.
    lastModified: newest([updated, pricingConfig.ratesSetOn]),
  };
});

export const servicesIndexSeo = cache(async (locale: Locale): Promise<PageSeo> => {
  const t = await getTranslations({ locale, namespace: 'ServicesIndexPage' });
  const updated = await Promise.all(
    serviceSlugs.map(async (slug) => (await getServiceContent(slug, locale)).updated),
  );
  return {
    locale,
    path: '/services',
    title: t('metaTitle'),
    description: t('metaDescription', { brand: siteConfig.name }),
    eyebrow: siteConfig.name,
    breadcrumbs: [home(), { name: t('title'), path: '/services' }],
    // The page lists every service with its price.
    lastModified: newest([...updated, pricingConfig.ratesSetOn]),
  };
});

/** The portfolio, or the part of it that used one service. */
export const casesListSeo = cache(
  async (locale: Locale, service?: ServiceSlug): Promise<PageSeo> => {
    const t = await getTranslations({ locale, namespace: 'CasesPage' });
    const tServices = await getTranslations({ locale, namespace: 'Services' });
    const cases = service ? await getCasesForService(locale, service) : await getCases(locale);
    const breadcrumbs: Crumb[] = [home(), { name: t('title'), path: '/cases' }];
    if (!service)
      return {
        locale,
        path: '/cases',
        title: t('metaTitle'),
        description: t('metaDescription', { brand: siteConfig.name }),
        eyebrow: siteConfig.name,
        breadcrumbs,
        lastModified: newest(cases.map((item) => item.updated)),
      };
    const name = tServices(`${service}.title`);
    const path: PagePath = `/cases/service/${service}`;
    return {
      locale,
      path,
      title: t('serviceMetaTitle', { service: name }),
      description: t('serviceMetaDescription', { brand: siteConfig.name, service: name }),
      eyebrow: t('title'),
      breadcrumbs: [...breadcrumbs, { name, path }],
      lastModified: newest(cases.map((item) => item.updated)),
    };
  },
);

export const caseSeo = cache(async (locale: Locale, slug: string): Promise<PageSeo | null> => {
  const item = await getCase(slug, locale);
  if (!item) return null;
  const t = await getTranslations({ locale, namespace: 'CasesPage' });
  const tServices = await getTranslations({ locale, namespace: 'Services' });
  const path: PagePath = `/cases/${slug}`;
  return {
    locale,
    path,
    title: item.seo.title,
    description: item.seo.description,
    eyebrow: `${t('title')} · ${item.client.name}`,
    breadcrumbs: [home(), { name: t('title'), path: '/cases' }, { name: item.client.name, path }],
    lastModified: item.updated,
    caseStudy: {
      client: item.client.name,
      year: item.year,
      image: item.cover.src,
      services: item.services.map((service) => tServices(`${service}.title`)),
    },
  };
});

export const aboutSeo = cache(async (locale: Locale): Promise<PageSeo> => {
  const about = await getAbout(locale);
  const t = await getTranslations({ locale, namespace: 'AboutPage' });
  return {
    locale,
    path: '/about',
    title: about.seo.title,
    description: about.seo.description,
    eyebrow: t('eyebrow'),
    breadcrumbs: [home(), { name: t('eyebrow'), path: '/about' }],
    lastModified: about.updated,
  };
});

const simplePages = {
  calculator: 'CalculatorPage',
  contacts: 'ContactsPage',
  privacy: 'PrivacyPage',
  consent: 'ConsentPage',
  terms: 'TermsPage',
} as const;

const isLegal = (page: string): page is LegalPageSlug =>
  (legalPageSlugs as readonly string[]).includes(page);

/** The pages whose title and description live in the messages; the legal ones date from their file. */
export const simplePageSeo = cache(
  async (locale: Locale, page: keyof typeof simplePages): Promise<PageSeo> => {
    const t = await getTranslations({ locale, namespace: simplePages[page] });
    const title = t('metaTitle');
    const path: PagePath = `/${page}`;
    return {
      locale,
      path,
      title,
      // The contacts page's description promises an answer within the claimed hours.
      description: t('metaDescription', {
        brand: siteConfig.name,
        hours: siteConfig.claims.callbackHours,
      }),
      eyebrow: siteConfig.name,
      breadcrumbs: [home(), { name: title, path }],
      lastModified: isLegal(page)
        ? (await legalTexts(page, locale)).updated
        : page === 'calculator'
          ? pricingConfig.ratesSetOn
          : undefined,
    };
  },
);

/** Every page of the site in one language, in the sitemap's order. */
export async function sitePages(locale: Locale): Promise<PageSeo[]> {
  const articles = await getArticles(locale);
  const perPage = blogConfig.postsPerPage;
  const categoryPages = await Promise.all(
    blogCategories.map(async (category) => {
      const count = (await getArticlesInCategory(locale, category)).length;
      return Promise.all([
        blogListSeo(locale, 1, category),
        ...laterPages(count, perPage).map((page) => blogListSeo(locale, Number(page), category)),
      ]);
    }),
  );
  const cases = await getCases(locale);
  const caseServices = await getCaseServices();
  const pages = await Promise.all([
    homeSeo(locale),
    servicesIndexSeo(locale),
    ...serviceSlugs.map((slug) => serviceSeo(locale, slug)),
    casesListSeo(locale),
    ...caseServices.map((service) => casesListSeo(locale, service)),
    ...cases.map((item) => caseSeo(locale, item.slug)),
    aboutSeo(locale),
    simplePageSeo(locale, 'calculator'),
    blogListSeo(locale, 1),
    ...laterPages(articles.length, perPage).map((page) => blogListSeo(locale, Number(page))),
    ...articles.map((article) => articleSeo(locale, article.slug)),
    simplePageSeo(locale, 'contacts'),
    ...legalPageSlugs.map((slug) => simplePageSeo(locale, slug)),
  ]);
  return [...pages, ...categoryPages.flat()].filter((page): page is PageSeo => page !== null);
}
