import { getLocale, getTranslations } from '@/i18n/server';
import { siteConfig } from '@/config/site';
import { longDate } from '@/lib/format/kazakh';
import { MarkdownBody } from '@/components/content/markdown-body';
import { PageHeader } from '@/components/layout/page-header';
import { Container } from '@/components/ui/container';
import type { LegalPage } from '@/server/content/legal';

type LegalPageViewProps = { page: LegalPage };

export async function LegalPageView({ page }: LegalPageViewProps) {
  const t = await getTranslations('LegalPage');
  const date = longDate(await getLocale(), new Date(`${page.updated}T12:00:00Z`), {
    timeZone: siteConfig.timeZone,
  });
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
