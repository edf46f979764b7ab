import 'server-only';
import { cache } from 'react';
import { z } from 'zod';
import type { Locale } from '@/i18n/locales';
import { ContentError } from '@/lib/content/validate';
import { getCaseSlugs } from './cases';
import { entrySlugs, perLanguage, readEntry, textsFor } from './entries';

const testimonialTextsSchema = z
  .object({
    quote: z.string().trim().min(80).max(480),
    author: z.string().trim().min(3).max(80),
    role: z.string().trim().min(3).max(100),
  })
  .strict();

export const testimonialSchema = z
  .object({
    /** Who said it, in the editor's list. */
    name: z.string().trim().min(1),
    sample: z.boolean().optional(),
    /** The case the client speaks about; the testimonial links to it. */
    case: z.string().trim().min(1),
    texts: perLanguage(testimonialTextsSchema),
  })
  .strict();

export type Testimonial = z.infer<typeof testimonialTextsSchema> & {
  slug: string;
  sample?: boolean;
  case: string;
};

/** A testimonial, or nothing when its case is a draft this build does not show. */
const readTestimonial = cache(async (slug: string) => {
  const entry = await readEntry('testimonials', slug, testimonialSchema);
  const { data, file } = entry;
  const all = await entrySlugs('cases');
  if (!all.includes(data.case))
    throw new ContentError(`${file}: case: no case "${data.case}" under content/cases/ to link to`);
  return (await getCaseSlugs()).includes(data.case) ? entry : undefined;
});

/** Every testimonial of a language (whose case the build shows), in the order of the folders. */
export const getTestimonials = cache(async (locale: Locale): Promise<Testimonial[]> => {
  const slugs = await entrySlugs('testimonials');
  const entries = await Promise.all(slugs.map(readTestimonial));
  return entries.flatMap((entry, index) =>
    entry
      ? [
          {
            ...textsFor(entry.data.texts, locale, entry.file),
            slug: slugs[index]!,
            sample: entry.data.sample,
            case: entry.data.case,
          },
        ]
      : [],
  );
});

export const getTestimonialForCase = cache(async (locale: Locale, caseSlug: string) =>
  (await getTestimonials(locale)).find((item) => item.case === caseSlug),
);
