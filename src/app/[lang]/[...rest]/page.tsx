import { notFound } from 'next/navigation';

/** Catches every unknown path under a language so its 404 page is localized. */
export default function CatchAllPage() {
  notFound();
}
