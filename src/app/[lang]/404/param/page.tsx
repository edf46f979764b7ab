import { NotFoundView } from '@/components/errors/not-found-view';
import { notFoundMetadata } from '@/server/seo/not-found-metadata';

export const generateMetadata = notFoundMetadata;

/** "Page Not Found: {path}", for a route whose parameter is unknown; see ../page.tsx. */
export default function ParamNotFoundDocument() {
  return <NotFoundView variant="param" />;
}
