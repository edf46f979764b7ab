import { ogImageSize, ogImageType, slugOgImage } from '@/server/seo/og-image';
import { caseSeo } from '@/server/seo/pages';
export const size = ogImageSize;
export const contentType = ogImageType;

export { generateStaticParams } from './page';

/** A case study's Open Graph image: its own title. */
export default slugOgImage(caseSeo);
