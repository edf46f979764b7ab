import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { ConsultationCard } from '@/components/consultation/consultation-block';
import { Breakable } from '@/components/ui/breakable';
import { Container } from '@/components/ui/container';
import { siteConfig } from '@/config/site';
import { localeInfo } from '@/i18n/locales';
import { resolveLocale, type LangParams } from '@/i18n/page-locale';
import { breadcrumbLd } from '@/server/seo/json-ld';
import { pageMetadata } from '@/server/seo/metadata';
import { simplePageSeo } from '@/server/seo/pages';
import { JsonLd } from '@/components/seo/json-ld';
import { describeWorkingHours } from '@/lib/working-hours';

type ContactsPageProps = { params: Promise<LangParams> };

export async function generateMetadata({ params }: ContactsPageProps): Promise<Metadata> {
  const locale = await resolveLocale(params);
  return pageMetadata(await simplePageSeo(locale, 'contacts'));
}

export default async function ContactsPage({ params }: ContactsPageProps) {
  const locale = await resolveLocale(params);
  const t = await getTranslations('ContactsPage');
  const { phone, email, telegram, address, workingHours } = siteConfig.contacts;
  const hours = siteConfig.claims.callbackHours;
  const link = 'text-link font-semibold';

  const rows = [
    {
      key: 'phone',
      value: (
        <a href={`tel:${phone.e164}`} className={link}>
          {phone.display}
        </a>
      ),
    },
    {
      key: 'email',
      value: (
        <a href={`mailto:${email}`} className={link}>
          <Breakable text={email} />
        </a>
      ),
    },
    {
      key: 'telegram',
      value: (
        <a href={telegram.url} target="_blank" rel="noopener noreferrer" className={link}>
          <Breakable text={`@${telegram.username}`} />
        </a>
      ),
    },
    {
      key: 'address',
      value: <address className="not-italic">{address[localeInfo[locale].code]}</address>,
    },
    {
      key: 'hours',
      value: t('hoursValue', describeWorkingHours(workingHours, locale, siteConfig.timeZone)),
    },
  ] as const;

  return (
    <>
      <PageHeader title={t('title')} intro={<p>{t('intro', { hours })}</p>} />
      <Container className="grid gap-10 py-14 lg:grid-cols-[3fr_2fr] lg:py-20">
        <dl className="grid gap-6 self-start sm:grid-cols-2">
          {rows.map((row) => (
            <div key={row.key} className="rounded-2xl border border-line p-6">
              <dt className="text-sm font-semibold tracking-wide text-muted uppercase">
                {t(row.key)}
              </dt>
              <dd className="mt-2 text-lg break-words">{row.value}</dd>
            </div>
          ))}
        </dl>
        <ConsultationCard
          title={t('requestTitle')}
          titleId="request-title"
          titleClassName="text-2xl font-bold"
          lead={t('requestText', { hours })}
          page="/contacts"
          className="self-start ring-1 ring-line sm:p-8"
        />
      </Container>
      <JsonLd nodes={[breadcrumbLd(await simplePageSeo(locale, 'contacts'))]} />
    </>
  );
}
