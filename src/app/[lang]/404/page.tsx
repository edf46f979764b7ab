import { NotFoundView } from '@/components/errors/not-found-view';
import { notFoundMetadata } from '@/server/seo/not-found-metadata';

export const generateMetadata = notFoundMetadata;

/**
 * "Page not found: {path}" built ahead as a whole document in each language.
 * Next.js renders a 404 that a request ends in as an empty document drawn by
 * script (vercel/next.js#62228), which a visitor without JavaScript, or still
 * waiting for it, sees blank; the production server sends this page in its
 * place (src/server/http/not-found-response.ts), and answers it with 404 here too.
 */
export default function NotFoundDocument() {
  return <NotFoundView variant="route" />;
}
