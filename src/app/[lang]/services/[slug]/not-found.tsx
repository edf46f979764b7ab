import { notFoundMetadata } from '@/components/errors/not-found-metadata';
import { NotFoundView } from '@/components/errors/not-found-view';

export const generateMetadata = notFoundMetadata;

/** The route exists but its slug does not: "Page Not Found: {path}". */
export default function SlugNotFound() {
  return <NotFoundView variant="param" />;
}
