import { describe, expect, it } from 'vitest';
import { serviceGroups, serviceSlugs } from '@/config/services';
import { siteConfig } from '@/config/site';
import { locales } from '@/i18n/locales';
import { getAbout } from '@/server/content/about';
import {
  getCase,
  getCaseServices,
  getCaseSlugs,
  getCases,
  getRelatedCases,
} from '@/server/content/cases';
import { describeSamples, publishedSamples } from '@/server/content/samples';
import { getTeam } from '@/server/content/team';
import { getTestimonials } from '@/server/content/testimonials';
import { linkTargets } from '../support/hast';

const kazakhLetters = /[әғқңөұүһі]/i;
const ukrainianLetters = /[іїєґ]/i;
const russianOnly = /[ыэъё]/i;

const slugs = await getCaseSlugs();

describe('case studies', () => {
  it('there are at least eight, spread over every one of the 14 services', async () => {
    expect(slugs.length).toBeGreaterThanOrEqual(8);
    expect(await getCaseServices()).toEqual([...serviceSlugs]);
  });

  it.each(slugs)('%s exists in every language, written in that language', async (slug) => {
    const all = await Promise.all(locales.map((locale) => getCase(slug, locale)));
    for (const [index, item] of all.entries()) {
      const locale = locales[index]!;
      expect(item, `${slug} in ${locale}`).toBeDefined();
      const text = [item!.title, item!.summary, item!.task].join(' ');
      if (locale === 'kk') expect(text).toMatch(kazakhLetters);
      if (locale === 'uk') {
        expect(text).toMatch(ukrainianLetters);
        expect(text).not.toMatch(russianOnly);
      }
      expect(JSON.stringify(item), 'no unfilled template').not.toContain('{{');
    }
    // Every picture has its size, for pages that do not move while they load.
    for (const picture of [all[0]!.cover, ...all[0]!.gallery]) {
      expect(picture.width).toBeGreaterThan(0);
      expect(picture.height).toBeGreaterThan(0);
    }
  });

  it.each(slugs)('%s links only to service pages that exist', async (slug) => {
    for (const locale of locales) {
      const item = (await getCase(slug, locale))!;
      for (const href of item.work.flatMap((step) => linkTargets(step.text))) {
        const service = /^\/services\/([^/#?]+)$/.exec(href)?.[1];
        expect(
          service && (serviceSlugs as readonly string[]).includes(service),
          `${slug}: ${href}`,
        ).toBe(true);
      }
    }
  });

  it('orders the newest work first and suggests related cases that share a service', async () => {
    const cases = await getCases('en');
    expect(cases.map((item) => item.year)).toEqual(
      [...cases.map((item) => item.year)].sort((a, b) => b - a),
    );
    const [first] = cases;
    const related = await getRelatedCases(first!.slug, 'en');
    expect(related).toHaveLength(3);
    expect(related.map((item) => item.slug)).not.toContain(first!.slug);
    expect(related[0]!.services.some((service) => first!.services.includes(service))).toBe(true);
  });
});

describe('testimonials', () => {
  it('each belongs to a case, in every language, and every case has one', async () => {
    for (const locale of locales) {
      const testimonials = await getTestimonials(locale);
      expect(new Set(testimonials.map((item) => item.case))).toEqual(new Set(slugs));
    }
  });
});

describe('the team and the About page', () => {
  it('the team is the same people in every language, in the same order', async () => {
    const teams = await Promise.all(locales.map((locale) => getTeam(locale)));
    expect(teams[0]!.length).toBeGreaterThanOrEqual(6);
    for (const team of teams)
      expect(team.map((member) => member.slug)).toEqual(teams[0]!.map((member) => member.slug));
    const kazakh = teams[locales.indexOf('kk')]!;
    expect(kazakh.map((member) => member.role + member.bio).join(' ')).toMatch(kazakhLetters);
  });

  it('the About page explains each claim the home page makes', async () => {
    for (const locale of locales) {
      const about = await getAbout(locale);
      expect(about.facts.map((fact) => fact.key)).toEqual([
        'years',
        'projects',
        'team',
        'countries',
        'callback',
      ]);
      expect(about.process.length).toBeGreaterThanOrEqual(4);
    }
    // The story says when the agency started; the claims follow from it.
    expect((await getAbout('en')).facts[0]!.text).toContain(String(siteConfig.foundedYear));
  });
});

describe('the services page', () => {
  it('puts every service in exactly one group', () => {
    const grouped = Object.values(serviceGroups).flat();
    expect([...grouped].sort()).toEqual([...serviceSlugs].sort());
  });
});

describe('sample content', () => {
  it('names every fictional item still published, grouped by kind', async () => {
    const items = await publishedSamples();
    const text = describeSamples(items);
    for (const name of ['Steppe Bean Roasters', 'Hovoryty', 'Asel Mukanova', 'About', 'contacts'])
      expect(text).toContain(name);
    expect(items.filter((item) => item.kind === 'case study')).toHaveLength(slugs.length);
    expect(text).toMatch(
      /^site details: .*; page: About; case study: .*; testimonial: .*; team member: /,
    );
  });

  it('the shipped cases, testimonials, team and About page are marked sample in every language', async () => {
    for (const locale of locales) {
      expect((await getCases(locale)).every((item) => item.sample)).toBe(true);
      expect((await getTestimonials(locale)).every((item) => item.sample)).toBe(true);
      expect((await getTeam(locale)).every((member) => member.sample)).toBe(true);
      expect((await getAbout(locale)).sample).toBe(true);
    }
  });
});
