import 'server-only';
import type { Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { siteConfig } from '@/config/site';
import { pagesSiteUrl } from '@/env';
import { localeInfo, locales, type Locale } from '@/i18n/locales';
import type { PageSeo } from './pages';
import { ogImageUrl, pageUrl } from './metadata';

/** A schema.org node; `@context` is added once, on the graph around the nodes. */
export type LdNode = { '@type': string; '@id'?: string } & Record<string, unknown>;

export const organizationId = () => `${pagesSiteUrl}/#organization`;
const websiteId = (locale: Locale) => `${pageUrl(locale, '')}#website`;

const isoDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The agency, with the contact point leads are answered from. On every page. */
export function organizationLd(locale: Locale): LdNode {
  const { contacts, social } = siteConfig;
  const { fromDay, toDay, opens, closes } = contacts.workingHours;
  return {
    '@type': 'Organization',
    '@id': organizationId(),
    name: siteConfig.name,
    legalName: siteConfig.legal.name[localeInfo[locale].code],
    url: pageUrl(locale, ''),
    // A raster logo: search engines do not take SVG there.
    logo: `${pagesSiteUrl}/icons/512.png`,
    email: contacts.email,
    telephone: contacts.phone.e164,
    foundingDate: String(siteConfig.foundedYear),
    address: { '@type': 'PostalAddress', streetAddress: contacts.address[localeInfo[locale].code] },
    sameAs: social.map((link) => link.href),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: contacts.phone.e164,
      email: contacts.email,
      availableLanguage: locales.map((other) => localeInfo[other].hreflang),
      // The countries this language's pages are written for; English serves everyone else.
      ...(localeInfo[locale].market.countries.length
        ? { areaServed: [...localeInfo[locale].market.countries] }
        : {}),
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: isoDays.slice(fromDay - 1, toDay),
        opens,
        closes,
      },
    },
  };
}

/** The site in one language. On every page. */
export function websiteLd(locale: Locale): LdNode {
  return {
    '@type': 'WebSite',
    '@id': websiteId(locale),
    url: pageUrl(locale, ''),
    name: siteConfig.name,
    inLanguage: localeInfo[locale].hreflang,
    publisher: { '@id': organizationId() },
  };
}

/** The trail from the home page; inner pages only (the home page's trail is itself). */
export function breadcrumbLd(seo: PageSeo): LdNode | null {
  if (seo.breadcrumbs.length < 2) return null;
  return {
    '@type': 'BreadcrumbList',
    itemListElement: seo.breadcrumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: pageUrl(seo.locale, crumb.path),
    })),
  };
}

export type ServiceOffer = { name: string; low: number; currency: string; monthly: boolean };

/** A service page: the service and its "from" price as an offer. */
export function serviceLd(seo: PageSeo, offer: ServiceOffer): LdNode {
  const url = pageUrl(seo.locale, seo.path);
  return {
    '@type': 'Service',
    '@id': `${url}#service`,
    name: offer.name,
    description: seo.description,
    url,
    serviceType: offer.name,
    provider: { '@id': organizationId() },
    areaServed: 'Worldwide',
    inLanguage: localeInfo[seo.locale].hreflang,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: offer.currency,
      price: offer.low,
      priceSpecification: {
        '@type': offer.monthly ? 'UnitPriceSpecification' : 'PriceSpecification',
        priceCurrency: offer.currency,
        minPrice: offer.low,
        ...(offer.monthly ? { unitText: 'MONTH', unitCode: 'MON' } : {}),
      },
    },
  };
}

/** A service page's questions and answers, as plain text. */
export function faqLd(faq: { question: string; answer: Root }[]): LdNode {
  return {
    '@type': 'FAQPage',
    mainEntity: faq.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: toString(answer).trim() },
    })),
  };
}

/** An article of the blog; its image is the article's Open Graph image (a 1200×630 PNG). */
export function blogPostingLd(seo: PageSeo): LdNode {
  const url = pageUrl(seo.locale, seo.path);
  const article = seo.article!;
  return {
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: seo.title,
    description: seo.description,
    url,
    mainEntityOfPage: url,
    image: ogImageUrl(seo.locale, seo.path),
    datePublished: article.published,
    dateModified: seo.lastModified ?? article.published,
    author: { '@type': 'Person', name: article.author },
    publisher: { '@id': organizationId() },
    inLanguage: localeInfo[seo.locale].hreflang,
    articleSection: article.section,
    keywords: article.tags.join(', '),
    isPartOf: { '@id': websiteId(seo.locale) },
  };
}

/**
 * A case study as a CreativeWork made by the agency. The client's testimonial is
 * not marked up as a review: search engines treat a business's reviews of
 * itself on its own site as self-serving.
 */
export function caseStudyLd(seo: PageSeo): LdNode {
  const url = pageUrl(seo.locale, seo.path);
  const item = seo.caseStudy!;
  return {
    '@type': 'CreativeWork',
    '@id': `${url}#work`,
    name: seo.title,
    description: seo.description,
    url,
    image: ogImageUrl(seo.locale, seo.path),
    dateCreated: String(item.year),
    dateModified: seo.lastModified,
    creator: { '@id': organizationId() },
    sourceOrganization: { '@type': 'Organization', name: item.client },
    about: item.services.map((name) => ({ '@type': 'Thing', name })),
    inLanguage: localeInfo[seo.locale].hreflang,
    isPartOf: { '@id': websiteId(seo.locale) },
  };
}

/** The About page: about the agency itself. */
export function aboutPageLd(seo: PageSeo): LdNode {
  const url = pageUrl(seo.locale, seo.path);
  return {
    '@type': 'AboutPage',
    '@id': `${url}#page`,
    url,
    name: seo.title,
    description: seo.description,
    mainEntity: { '@id': organizationId() },
    inLanguage: localeInfo[seo.locale].hreflang,
    isPartOf: { '@id': websiteId(seo.locale) },
  };
}

/** A page that lists other pages (the portfolio, the services): their addresses, in order. */
export function itemListLd(seo: PageSeo, items: { name: string; path: PageSeo['path'] }[]): LdNode {
  return {
    '@type': 'ItemList',
    '@id': `${pageUrl(seo.locale, seo.path)}#list`,
    name: seo.title,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      url: pageUrl(seo.locale, item.path),
    })),
  };
}

/**
 * The JSON of a `<script type="application/ld+json">`. `<` is escaped so that
 * no text from content can close the script element.
 */
export function jsonLdText(nodes: Array<LdNode | null>): string {
  const graph = nodes.filter((node): node is LdNode => node !== null);
  return JSON.stringify({ '@context': 'https://schema.org', '@graph': graph }).replace(
    /</g,
    '\\u003c',
  );
}
