import 'server-only';
import { cache } from 'react';
import { z } from 'zod';
import type { Locale } from '@/i18n/locales';
import { ContentError } from '@/lib/markdown/frontmatter';
import { getCaseSlugs } from './cases';
import { assertSharedFields, entrySlugs, readAllLanguages, readYamlEntry } from './entries';

export const testimonialSchema = z
  .object({
    sample: z.boolean().optional(),
    /** The case the client speaks about; the testimonial links to it. */
    case: z.string().trim().min(1),
    quote: z.string().trim().min(80).max(480),
    author: z.string().trim().min(3).max(80),
    role: z.string().trim().min(3).max(100),
  })
  .strict();

export type Testimonial = z.infer<typeof testimonialSchema> & { slug: string };

const readTestimonial = cache(async (slug: string) => {
  const files = await readAllLanguages((locale) =>
    readYamlEntry('testimonials', slug, locale, testimonialSchema),
  );
  assertSharedFields<{ data: z.infer<typeof testimonialSchema> }>(
    `content/testimonials/${slug}`,
    files,
    {
      sample: ({ data }) => data.sample ?? false,
      case: ({ data }) => data.case,
    },
  );
  const caseSlug = files.en.data.case;
  if (!(await getCaseSlugs()).includes(caseSlug))
    throw new ContentError(
      `${files.en.file}: case: no case "${caseSlug}" under content/cases/ to link to`,
    );
  return files;
});

/** Every testimonial of a language, in the order of the folders. */
export const getTestimonials = cache(async (locale: Locale): Promise<Testimonial[]> => {
  const slugs = await entrySlugs('testimonials');
  return Promise.all(
    slugs.map(async (slug) => ({ ...(await readTestimonial(slug))[locale].data, slug })),
  );
});

export const getTestimonialForCase = cache(async (locale: Locale, caseSlug: string) =>
  (await getTestimonials(locale)).find((item) => item.case === caseSlug),
);
