import 'server-only';
import { cache } from 'react';
import { z } from 'zod';
import { langCodes, type Locale } from '@/i18n/locales';
import { ContentError } from '@/lib/content/validate';
import { perLanguage, readEntry, textsFor } from './entries';

const between = (min: number, max: number) => z.string().trim().min(min).max(max);
const titled = z.object({ title: between(2, 80), text: between(60, 400) });

/** The numbers behind the home page's claims; the numbers themselves come from the site config. */
export const aboutFactKeys = ['years', 'projects', 'team', 'countries', 'callback'] as const;
export type AboutFactKey = (typeof aboutFactKeys)[number];

const aboutTextsSchema = z
  .object({
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

export const aboutSchema = z
  .object({
    sample: z.boolean().optional(),
    texts: perLanguage(aboutTextsSchema),
  })
  .strict();

export type AboutContent = z.infer<typeof aboutTextsSchema> & { sample?: boolean };

const readAbout = cache(async () => {
  const entry = await readEntry('about', null, aboutSchema);
  const { texts } = entry.data;
  for (const code of langCodes) {
    for (const list of ['process', 'principles'] as const)
      if (texts[code][list].length !== texts.en[list].length)
        throw new ContentError(
          `${entry.file}: texts.${code}.${list}: ${texts[code][list].length} items where English has ${texts.en[list].length}; every language tells the same`,
        );
  }
  return entry;
});

export const getAbout = cache(async (locale: Locale): Promise<AboutContent> => {
  const { data, file } = await readAbout();
  return { ...textsFor(data.texts, locale, file), sample: data.sample };
});
