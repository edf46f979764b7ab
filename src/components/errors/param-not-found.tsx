import { NotFoundView } from './not-found-view';

export { notFoundMetadata as generateMetadata } from '@/server/seo/not-found-metadata';

/** The route exists but its parameter (slug, category, page) does not: "Page Not Found: {path}". */
export default function ParamNotFound() {
  return <NotFoundView variant="param" />;
}
