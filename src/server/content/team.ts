import 'server-only';
import { cache } from 'react';
import { z } from 'zod';
import type { Locale } from '@/i18n/locales';
import { ContentError } from '@/lib/content/validate';
import type { ImageSize } from '@/lib/markdown/rehype-images';
import { entrySlugs, perLanguage, readEntry, textsFor } from './entries';
import { resolveImageSize } from './images';
import { errorMessage } from '@/lib/errors';

const memberTextsSchema = z
  .object({
    name: z.string().trim().min(3).max(80),
    role: z.string().trim().min(3).max(60),
    bio: z.string().trim().min(60).max(300),
  })
  .strict();

export const teamMemberSchema = z
  .object({
    /** The person's name in the editor's list. */
    name: z.string().trim().min(1),
    sample: z.boolean().optional(),
    /** Place on the About page. */
    order: z.number().int().min(1),
    portrait: z.string(),
    texts: perLanguage(memberTextsSchema),
  })
  .strict();

export type TeamMember = z.infer<typeof memberTextsSchema> & {
  slug: string;
  sample?: boolean;
  order: number;
  portrait: { src: string } & ImageSize;
};

const readMember = cache(async (slug: string) => {
  const entry = await readEntry('team', slug, teamMemberSchema);
  const { portrait } = entry.data;
  if (!new RegExp(`^/images/team/${slug}/[\\w./-]+\\.(svg|png|jpe?g|webp|avif)$`).test(portrait))
    throw new ContentError(
      `${entry.file}: portrait: the picture belongs in public/images/team/${slug}/, beside its person`,
    );
  let size: ImageSize;
  try {
    size = resolveImageSize(portrait);
  } catch (error) {
    throw new ContentError(`${entry.file}: portrait: ${errorMessage(error)}`);
  }
  return { ...entry, size };
});

/** The team in the order the entries give. */
export const getTeam = cache(async (locale: Locale): Promise<TeamMember[]> => {
  const slugs = await entrySlugs('team');
  const members = await Promise.all(
    slugs.map(async (slug): Promise<TeamMember> => {
      const { data, file, size } = await readMember(slug);
      return {
        ...textsFor(data.texts, locale, file),
        slug,
        sample: data.sample,
        order: data.order,
        portrait: { src: data.portrait, ...size },
      };
    }),
  );
  return members.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
});
