import type { ReactNode } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Breakable } from '@/components/ui/breakable';
import { Container } from '@/components/ui/container';
import { siteConfig } from '@/config/site';
import { formatLocale, localeInfo, type Locale } from '@/i18n/locales';
import { getTranslations } from '@/i18n/server';
import { describeWorkingHours } from '@/lib/working-hours';
import { messengerTargets } from '@/server/leads/messenger';
import { MessengerButtons } from './messenger-buttons';

type ContactsViewProps = {
  locale: Locale;
  /** The request form beside the contacts (an island, rendered by the page). */
  children: ReactNode;
};

/** The contacts page: every way to reach the agency, and the request form beside them. */
export async function ContactsView({ locale, children }: ContactsViewProps) {
  const t = await getTranslations('ContactsPage');
  const m = await getTranslations('Messenger');
  const code = localeInfo[locale].code;
  const hasMessengers = Object.keys(messengerTargets()).length > 0;
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
      value: t(
        'hoursValue',
        describeWorkingHours(workingHours, formatLocale(locale), siteConfig.timeZone),
      ),
    },
  ] as const;

  return (
    <>
      <PageHeader title={t('title')} intro={<p>{t('intro', { hours })}</p>} />
      <Container className="grid gap-10 py-14 lg:grid-cols-[3fr_2fr] lg:py-20">
        <div className="grid gap-10 self-start">
          <dl className="grid gap-6 sm:grid-cols-2">
            {rows.map((row) => (
              <div key={row.key} className="rounded-2xl border border-line p-6">
                <dt className="text-sm font-semibold tracking-wide text-muted uppercase">
                  {t(row.key)}
                </dt>
                <dd className="mt-2 text-lg break-words">{row.value}</dd>
              </div>
            ))}
          </dl>
          {hasMessengers ? (
            <section aria-labelledby="messengers-title">
              <h2 id="messengers-title" className="text-xl font-bold tracking-tight">
                {m('title')}
              </h2>
              <p className="mt-2 text-muted">{m('hint')}</p>
              <div className="mt-4">
                <MessengerButtons lang={code} page={`/${code}/contacts`} variant="block" />
              </div>
            </section>
          ) : null}
        </div>
        {children}
      </Container>
    </>
  );
}
