import { getTranslations } from 'next-intl/server';
import { ContactChannels } from '@/components/layout/contact-channels';
import { Section } from '@/components/layout/section';
import { buttonClass } from '@/components/ui/button';
import { siteConfig } from '@/config/site';
import { Link } from '@/i18n/navigation';

const hours = siteConfig.claims.callbackHours;

/** `#consultation`: where every "contact us" button lands. */
export async function ConsultationSection() {
  const t = await getTranslations('HomePage.consultation');
  return (
    <Section
      id="consultation"
      title={t('title')}
      lead={t('lead', { hours })}
      className="bg-surface"
    >
      <ContactChannels
        label={t('channelsLabel')}
        labels={{ call: t('call'), write: t('write'), telegram: t('telegram') }}
      />
    </Section>
  );
}

/** `#pricing`: how projects are priced. */
export async function PricingSection() {
  const t = await getTranslations('HomePage.pricing');
  return (
    <Section id="pricing" title={t('title')} lead={t('lead')}>
      <Link href="/calculator" className={buttonClass({ size: 'lg', className: 'mt-8' })}>
        {t('cta')}
      </Link>
    </Section>
  );
}

/** `#calculator`: the way into the cost calculator. */
export async function CalculatorSection() {
  const t = await getTranslations('HomePage.calculator');
  return (
    <Section id="calculator" title={t('title')} lead={t('lead')} className="bg-brand-50">
      <Link href="/calculator" className={buttonClass({ size: 'lg', className: 'mt-8' })}>
        {t('cta')}
      </Link>
    </Section>
  );
}
