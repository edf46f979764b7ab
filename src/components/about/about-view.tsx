import { getTranslations } from '@/i18n/server';
import { PageHeader } from '@/components/layout/page-header';
import { Section } from '@/components/layout/section';
import { Breakable } from '@/components/ui/breakable';
import { buttonClass } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { navConfig } from '@/config/navigation';
import { siteConfig } from '@/config/site';
import { Link } from '@/i18n/navigation';
import type { AboutContent, AboutFactKey } from '@/server/content/about';
import type { TeamMember } from '@/server/content/team';

type AboutViewProps = { about: AboutContent; team: TeamMember[] };

/** The About page: who the agency is, the facts behind its claims, how it works, the team and how to reach a person. */
export async function AboutView({ about, team }: AboutViewProps) {
  const t = await getTranslations('AboutPage');
  const { claims, foundedYear, contacts } = siteConfig;
  const value: Record<AboutFactKey, string> = {
    years: t('yearsValue', { count: claims.yearsOnMarket }),
    projects: t('projectsValue', { count: claims.projectsDelivered }),
    team: String(claims.teamSize),
    countries: String(claims.countries),
    callback: t('callbackValue', { count: claims.callbackHours }),
  };
  const label: Record<AboutFactKey, string> = {
    years: t('facts.years', { year: String(foundedYear) }),
    projects: t('facts.projects'),
    team: t('facts.team'),
    countries: t('facts.countries'),
    callback: t('facts.callback'),
  };

  const reach = [
    { label: t('contactPhone'), href: `tel:${contacts.phone.e164}`, text: contacts.phone.display },
    { label: t('contactEmail'), href: `mailto:${contacts.email}`, text: contacts.email },
    {
      label: t('contactTelegram'),
      href: contacts.telegram.url,
      text: `@${contacts.telegram.username}`,
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow={t('eyebrow')}
        title={about.hero.title}
        intro={<p>{about.hero.lead}</p>}
      />

      <Section
        id="story"
        title={t('storyTitle')}
        containerClassName="grid gap-10 lg:grid-cols-[1fr_2fr]"
      >
        <div className="space-y-5 text-lg leading-relaxed">
          {about.story.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>

      <Section id="facts" title={t('factsTitle')} className="bg-brand-900 text-white">
        <dl className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {about.facts.map((fact) => (
            <div
              key={fact.key}
              className="border-t border-white/15 pt-6"
              data-testid={`fact-${fact.key}`}
            >
              <dt>
                <span className="block text-4xl font-bold tracking-tight">{value[fact.key]}</span>
                <span className="mt-1 block text-sm font-semibold text-brand-200">
                  {label[fact.key]}
                </span>
              </dt>
              <dd className="mt-3 leading-relaxed text-slate-200">{fact.text}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="process" title={t('processTitle')}>
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {about.process.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-line bg-white p-6">
              <p className="flex items-center justify-between gap-3 text-sm font-semibold">
                <span
                  aria-hidden="true"
                  className="grid size-9 place-items-center rounded-full bg-brand-700 text-white"
                >
                  {index + 1}
                </span>
                <span className="text-muted">{step.duration}</span>
              </p>
              <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="principles" title={t('principlesTitle')} className="bg-surface">
        <ul className="mt-10 grid gap-8 sm:grid-cols-2">
          {about.principles.map((principle) => (
            <li key={principle.title}>
              <h3 className="text-lg font-semibold">{principle.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{principle.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="team" title={t('teamTitle')} lead={t('teamLead')}>
        <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {team.map((member) => (
            <li key={member.slug} data-testid={`team-${member.slug}`}>
              {/* The portrait is an illustration beside the name: decorative. */}
              <img
                src={member.portrait.src}
                alt=""
                width={member.portrait.width}
                height={member.portrait.height}
                loading="lazy"
                decoding="async"
                className="aspect-square w-full max-w-56 rounded-3xl bg-brand-50"
              />
              <h3 className="mt-4 text-lg font-semibold">{member.name}</h3>
              <p className="text-sm font-semibold text-brand-700">{member.role}</p>
              <p className="mt-2 text-sm leading-relaxed text-muted">{member.bio}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="reach-us" className="section bg-brand-50">
        <Container className="grid gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 id="reach-us" className="section-title">
              {about.contact.title}
            </h2>
            <p className="section-lead">{about.contact.text}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link href={navConfig.consultation} className={buttonClass({ size: 'lg' })}>
                {t('contactButton')}
              </Link>
              <Link href="/cases" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
                {t('portfolioLink')}
              </Link>
            </div>
          </div>
          <dl className="grid gap-4 rounded-3xl bg-white p-6 shadow-card ring-1 ring-line sm:p-8">
            {reach.map(({ label, href, text }) => (
              <div key={href}>
                <dt className="text-sm font-medium text-muted">{label}</dt>
                <dd className="mt-1 text-lg font-semibold">
                  <a href={href} className="rounded-sm hover:text-brand-700">
                    <Breakable text={text} />
                  </a>
                </dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>
    </>
  );
}
