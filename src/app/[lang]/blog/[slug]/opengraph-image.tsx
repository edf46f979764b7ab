import { ogImageSize, ogImageType, slugOgImage } from '@/server/seo/og-image';
import { articleSeo } from '@/server/seo/pages';
export const size = ogImageSize;
export const contentType = ogImageType;

export { generateStaticParams } from './page';

/** An article's Open Graph image: its own title. */
export default slugOgImage(articleSeo);
