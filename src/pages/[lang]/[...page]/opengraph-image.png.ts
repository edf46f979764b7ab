import type { APIRoute, GetStaticPaths } from 'astro';
import { localeInfo, locales } from '@/i18n/locales';
import { renderOgImage } from '@/server/seo/og-image';
import { sitePages, type PageSeo } from '@/server/seo/pages';
import { pngResponse } from '@/server/seo/png';

/**
 * The Open Graph image of every page, beside its address
 * (`/kz/blog/x/opengraph-image.png`): the brand, a word of context and the
 * page's own title, drawn at build time from the same record as its head.
 */
export const getStaticPaths = (async () => {
  const pages = (await Promise.all(locales.map((locale) => sitePages(locale)))).flat();
  return pages.map((seo) => ({
    params: { lang: localeInfo[seo.locale].code, page: seo.path.slice(1) || undefined },
    props: { seo },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ seo: PageSeo }> = async ({ props }) =>
  pngResponse(await renderOgImage(props.seo));
