import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { Container } from '@/components/ui/container';
import { siteConfig } from '@/config/site';
import { Link } from '@/i18n/navigation';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { getArticles } from '@/server/content/blog';

type BlogPageProps = { params: Promise<LangParams> };

export async function generateMetadata({ params }: BlogPageProps): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'BlogPage' });
  return { title: t('metaTitle'), description: t('metaDescription', { brand: siteConfig.name }) };
}

export default async function BlogPage({ params }: BlogPageProps) {
  const locale = await resolveLocale(params);
  const t = await getTranslations('BlogPage');
  const format = await getFormatter();
  const articles = await getArticles(locale);

  return (
    <>
      <PageHeader title={t('title')} intro={<p>{t('intro')}</p>} />
      <Container className="py-14 sm:py-20">
        {articles.length === 0 ? (
          <p className="text-lg text-muted">{t('empty')}</p>
        ) : (
          <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {articles.map((article) => (
              <li key={article.slug} className="flex flex-col rounded-2xl border border-line p-6">
                <time dateTime={article.date} className="text-sm text-muted">
                  {format.dateTime(new Date(`${article.date}T12:00:00Z`), { dateStyle: 'long' })}
                </time>
                <h2 className="mt-2 text-xl font-bold">
                  <Link href={`/blog/${article.slug}`} className="hover:text-brand-700">
                    {article.title}
                  </Link>
                </h2>
                <p className="mt-3 text-muted">{article.description}</p>
              </li>
            ))}
          </ul>
        )}
      </Container>
    </>
  );
}
