import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { Icon } from '@/components/ui/icon';
import type { ServiceSlug } from '@/config/services';
import { fillTemplate } from '@/lib/format/plural';
import { island } from '@/components/errors/island-boundary';

/** A service as its slide shows it; `href` is its page in the page's language. */
export type ServiceSlide = {
  slug: ServiceSlug;
  href: string;
  title: string;
  summary: string;
  price: string;
};

type ServicesCarouselProps = {
  slides: ServiceSlide[];
  labels: {
    carousel: string;
    previous: string;
    next: string;
    more: string;
    /** "{index} of {total}". */
    slide: string;
    /** "Service {index} of {total}: {title}", read out when a slide comes into view. */
    announce: string;
  };
};

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * All 14 services in a swipeable row (Embla): buttons, arrow keys and swipe move
 * it, nothing moves by itself, and a live region says which service is first in
 * view. Visitors who ask for reduced motion get jumps instead of slides. An
 * island: its props are the slides' texts and the labels, nothing else.
 */
function ServicesCarouselView({ slides, labels }: ServicesCarouselProps) {
  const [viewportRef, api] = useEmblaCarousel({
    align: 'start',
    slidesToScroll: 1,
    containScroll: 'trimSnaps',
  });
  const [state, setState] = useState({ selected: 0, canPrev: false, canNext: true, ready: false });

  useEffect(() => {
    if (!api) return;
    const update = () =>
      setState({
        selected: api.selectedScrollSnap(),
        canPrev: api.canScrollPrev(),
        canNext: api.canScrollNext(),
        ready: true,
      });
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api]);

  const total = slides.length;
  const slideLabel = (index: number) => fillTemplate(labels.slide, { index: index + 1, total });
  const announce = (index: number) =>
    fillTemplate(labels.announce, {
      index: index + 1,
      total,
      title: slides[index]?.title ?? '',
    });

  const prev = useCallback(() => api?.scrollPrev(prefersReducedMotion()), [api]);
  const next = useCallback(() => api?.scrollNext(prefersReducedMotion()), [api]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      prev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  }

  const button =
    'inline-flex size-12 items-center justify-center rounded-full border border-line bg-white text-ink transition-colors hover:border-brand-500 aria-disabled:cursor-default aria-disabled:opacity-40';

  return (
    // The arrow keys move the row from whichever of its links or buttons has
    // focus: the handler listens to what bubbles up, the region is never focused.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={labels.carousel}
      data-ready={state.ready || undefined}
      onKeyDown={onKeyDown}
      className="mt-10"
    >
      {/* Without script the row scrolls by itself, and the buttons, which would do nothing, are gone. */}
      <div className="overflow-hidden noscript:overflow-x-auto" ref={viewportRef}>
        <div className="-ml-5 flex touch-pan-y">
          {slides.map((slide, index) => (
            <div
              key={slide.slug}
              role="group"
              aria-roledescription="slide"
              aria-label={slideLabel(index)}
              className="carousel-slide"
            >
              <a href={slide.href} className="card-link">
                <span className="icon-tile">
                  <Icon name={`service-${slide.slug}`} className="size-7" />
                </span>
                <span className="mt-5 text-lg font-semibold text-ink">{slide.title}</span>
                <span className="mt-2 flex-1 leading-relaxed text-muted">{slide.summary}</span>
                <span className="mt-5 text-sm font-semibold text-ink">{slide.price}</span>
                <span className="mt-3 text-sm font-semibold text-brand-700">{labels.more} →</span>
              </a>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-8 flex items-center justify-between gap-4 noscript:hidden">
        <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="carousel-status">
          {announce(state.selected)}
        </p>
        <p aria-hidden="true" className="text-sm font-medium text-muted">
          {slideLabel(state.selected)}
        </p>
        <div className="flex gap-3">
          {/* aria-disabled, not disabled: a focused button that gets disabled would drop keyboard focus. */}
          {(
            [
              { onClick: prev, enabled: state.canPrev, label: labels.previous, icon: 'arrow-left' },
              { onClick: next, enabled: state.canNext, label: labels.next, icon: 'arrow-right' },
            ] as const
          ).map(({ onClick, enabled, label, icon }) => (
            <button
              key={icon}
              type="button"
              onClick={onClick}
              aria-disabled={!enabled}
              className={button}
              aria-label={label}
            >
              <Icon name={icon} className="size-5" />
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The island: the component inside the boundary that shows the error page if it fails. */
export const ServicesCarousel = island(ServicesCarouselView);
