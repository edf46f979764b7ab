import 'server-only';
import { cache } from 'react';
import { z } from 'zod';
import type { Locale } from '@/i18n/locales';
import { ContentError } from '@/lib/markdown/frontmatter';
import type { ImageSize } from '@/lib/markdown/rehype-images';
import { assertSharedFields, entrySlugs, readAllLanguages, readYamlEntry } from './entries';
import { resolveImageSize } from './images';

export const teamMemberSchema = z
  .object({
    sample: z.boolean().optional(),
    /** Place on the About page, the same in every language. */
    order: z.number().int().min(1),
    name: z.string().trim().min(3).max(80),
    role: z.string().trim().min(3).max(60),
    bio: z.string().trim().min(60).max(300),
    portrait: z
      .string()
      .regex(
        /^\/images\/team\/[\w.-]+\.(svg|png|jpe?g|webp|avif)$/,
        'a picture committed under public/images/team/',
      ),
  })
  .strict();

export type TeamMember = Omit<z.infer<typeof teamMemberSchema>, 'portrait'> & {
  slug: string;
  portrait: { src: string } & ImageSize;
};

const readMember = cache(async (slug: string) => {
  const files = await readAllLanguages((locale) =>
    readYamlEntry('team', slug, locale, teamMemberSchema),
  );
  assertSharedFields<{ data: z.infer<typeof teamMemberSchema> }>(`content/team/${slug}`, files, {
    sample: ({ data }) => data.sample ?? false,
    order: ({ data }) => data.order,
    portrait: ({ data }) => data.portrait,
  });
  return files;
});

/** The team in the order the files give. */
export const getTeam = cache(async (locale: Locale): Promise<TeamMember[]> => {
  const slugs = await entrySlugs('team');
  const members = await Promise.all(
    slugs.map(async (slug): Promise<TeamMember> => {
      const { data, file } = (await readMember(slug))[locale];
      let size: ImageSize;
      try {
        size = resolveImageSize(data.portrait);
      } catch (error) {
        throw new ContentError(`${file}: portrait: ${(error as Error).message}`);
      }
      return { ...data, slug, portrait: { src: data.portrait, ...size } };
    }),
  );
  return members.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
});
