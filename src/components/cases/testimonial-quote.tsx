import type { ReactNode } from 'react';
import type { Testimonial } from '@/server/content/testimonials';

/**
 * A client's words about a project, with who said them. Plain HTML (figure,
 * blockquote, figcaption); deliberately not marked up as a review.
 */
export function TestimonialQuote({
  testimonial,
  children,
  large = false,
}: {
  testimonial: Testimonial;
  /** Shown under the name: a link to the case, say. */
  children?: ReactNode;
  large?: boolean;
}) {
  return (
    <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-card ring-1 ring-line sm:p-8">
      <svg aria-hidden="true" viewBox="0 0 32 24" className="h-6 w-8 shrink-0 fill-brand-200">
        <path d="M0 24V14C0 6 4 1 12 0l1 4c-4 1-6 4-6 8h5v12zm18 0V14c0-8 4-13 12-14l1 4c-4 1-6 4-6 8h5v12z" />
      </svg>
      <blockquote
        className={large ? 'mt-4 flex-1 text-xl leading-relaxed' : 'mt-4 flex-1 leading-relaxed'}
      >
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className="mt-6 text-sm">
        <span className="block font-semibold text-ink">{testimonial.author}</span>
        <span className="block text-muted">{testimonial.role}</span>
        {children}
      </figcaption>
    </figure>
  );
}
