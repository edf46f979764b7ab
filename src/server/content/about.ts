import 'server-only';
import { cache } from 'react';
import { z } from 'zod';
import type { Locale } from '@/i18n/locales';
import { assertSharedFields, readAllLanguages, readYamlEntry } from './entries';

const between = (min: number, max: number) => z.string().trim().min(min).max(max);
const titled = z.object({ title: between(2, 80), text: between(60, 400) });

/** The numbers behind the home page's claims; the numbers themselves come from the site config. */
export const aboutFactKeys = ['years', 'projects', 'team', 'countries', 'callback'] as const;
export type AboutFactKey = (typeof aboutFactKeys)[number];

export const aboutSchema = z
  .object({
    sample: z.boolean().optional(),
    updated: z.iso.date(),
    seo: z.object({ title: between(1, 70), description: between(80, 200) }),
    hero: z.object({ title: between(20, 90), lead: between(100, 360) }),
    story: z.array(between(150, 700)).min(1).max(4),
    facts: z
      .array(z.object({ key: z.enum(aboutFactKeys), text: between(40, 300) }))
      .length(aboutFactKeys.length)
      .refine(
        (facts) => aboutFactKeys.every((key, index) => facts[index]?.key === key),
        `the facts are ${aboutFactKeys.join(', ')}, once each, in this order`,
      ),
    process: z
      .array(titled.extend({ duration: between(1, 40) }))
      .min(4)
      .max(8),
    principles: z.array(titled).min(2).max(6),
    contact: z.object({ title: between(5, 80), text: between(60, 360) }),
  })
  .strict();

export type AboutContent = z.infer<typeof aboutSchema>;

const readAbout = cache(async () => {
  const files = await readAllLanguages((locale) =>
    readYamlEntry('about', null, locale, aboutSchema),
  );
  assertSharedFields<{ data: AboutContent }>('content/about', files, {
    sample: ({ data }) => data.sample ?? false,
    'process (count)': ({ data }) => data.process.length,
    'principles (count)': ({ data }) => data.principles.length,
  });
  return files;
});

export const getAbout = cache(
  async (locale: Locale): Promise<AboutContent> => (await readAbout())[locale].data,
);
