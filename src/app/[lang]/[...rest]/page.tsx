import { notFound } from 'next/navigation';
import { notFoundMetadata } from '@/server/seo/not-found-metadata';

export const generateMetadata = notFoundMetadata;

/** Catches every unknown path under a language so its 404 page is localized. */
export default function CatchAllPage() {
  notFound();
}
