import { getLocale, getTranslations } from '@/i18n/server';
import { PageHeader } from '@/components/layout/page-header';
import { JsonLd } from '@/components/seo/json-ld';
import { Container } from '@/components/ui/container';
import type { BlogCategory } from '@/config/blog';
import { siteConfig } from '@/config/site';
import type { PageOf } from '@/lib/paginate';
import type { ArticleMeta } from '@/server/content/blog';
import { breadcrumbLd } from '@/server/seo/json-ld';
import { blogListSeo } from '@/server/seo/pages';
import { ArticleGrid } from './article-card';
import { CategoryNav } from './category-nav';
import { Pagination } from './pagination';
import { RssLink } from './rss-link';

type BlogIndexProps = { list: PageOf<ArticleMeta>; category?: BlogCategory };

/** A page of the blog list, all articles or one category. */
export async function BlogIndex({ list, category }: BlogIndexProps) {
  const t = await getTranslations('BlogPage');
  const locale = await getLocale();
  const seo = await blogListSeo(locale, list.page, category);
  const title = category ? t(`categories.${category}`) : t('title');
  const intro = category ? t(`categoryIntro.${category}`, { brand: siteConfig.name }) : t('intro');
  return (
    <>
      <PageHeader
        eyebrow={category ? t('title') : undefined}
        title={title}
        intro={
          <>
            <p>{intro}</p>
            {list.pages > 1 ? (
              <p className="mt-2 text-base">
                {t('pageOf', { page: list.page, pages: list.pages })}
              </p>
            ) : null}
          </>
        }
      >
        <div className="mt-8">
          <CategoryNav current={category} />
        </div>
      </PageHeader>
      <Container className="py-14 sm:py-20">
        {list.items.length === 0 ? (
          <p className="text-lg text-muted">{t('empty')}</p>
        ) : (
          <ArticleGrid articles={list.items} priorityFirst />
        )}
        <Pagination page={list.page} pages={list.pages} category={category} />
        <RssLink className="mt-12" />
      </Container>
      <JsonLd nodes={[breadcrumbLd(seo)]} />
    </>
  );
}
