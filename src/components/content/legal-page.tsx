import type { Metadata } from 'next';
import { getFormatter, getTranslations } from '@/i18n/server';
import { MarkdownBody } from '@/components/content/markdown-body';
import { PageHeader } from '@/components/layout/page-header';
import { JsonLd } from '@/components/seo/json-ld';
import { Container } from '@/components/ui/container';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { getLegalPage, type LegalPage, type LegalPageSlug } from '@/server/content/legal';
import { breadcrumbLd } from '@/server/seo/json-ld';
import { pageMetadata } from '@/server/seo/metadata';
import { simplePageSeo } from '@/server/seo/pages';

type LegalPageViewProps = { page: LegalPage };

export async function LegalPageView({ page }: LegalPageViewProps) {
  const t = await getTranslations('LegalPage');
  const format = await getFormatter();
  const date = format.dateTime(new Date(`${page.updated}T12:00:00Z`), { dateStyle: 'long' });
  return (
    <>
      <PageHeader
        title={page.title}
        intro={
          <p>
            <time dateTime={page.updated}>{t('updated', { date })}</time>
          </p>
        }
      />
      <Container className="py-12 sm:py-16">
        <MarkdownBody tree={page.body} />
      </Container>
    </>
  );
}

type LegalRouteProps = { params: Promise<LangParams> };

/**
 * What the page file of one legal document (`/[lang]/privacy`, `terms`,
 * `consent`) exports: its metadata and the page, the document with its
 * breadcrumb in structured data.
 */
export function legalRoute(slug: LegalPageSlug) {
  return {
    generateMetadata: async ({ params }: LegalRouteProps): Promise<Metadata> => {
      const locale = await resolveLocale(params);
      return pageMetadata(await simplePageSeo(locale, slug));
    },
    Page: async ({ params }: LegalRouteProps) => {
      const locale = await resolveLocale(params);
      return (
        <>
          <LegalPageView page={await getLegalPage(slug, locale)} />
          <JsonLd nodes={[breadcrumbLd(await simplePageSeo(locale, slug))]} />
        </>
      );
    },
  };
}
