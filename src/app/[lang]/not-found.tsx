import { notFoundMetadata } from '@/server/seo/not-found-metadata';
import { NotFoundView } from '@/components/errors/not-found-view';

export const generateMetadata = notFoundMetadata;

/** Any address under a language that matches no route. */
export default function LangNotFound() {
  return <NotFoundView variant="route" />;
}
