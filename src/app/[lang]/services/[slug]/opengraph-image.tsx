import { ogImageSize, ogImageType, slugOgImage } from '@/server/seo/og-image';
import { serviceSeo } from '@/server/seo/pages';
export const size = ogImageSize;
export const contentType = ogImageType;

export { generateStaticParams } from './page';

/** A service page's Open Graph image. */
export default slugOgImage(serviceSeo);
