type PictureProps = {
  image: { src: string; alt: string; width: number; height: number };
  /**
   * `first`: the page's largest paint, fetched before other pictures;
   * `lazy`: out of sight at first (below the fold on a phone).
   */
  load: 'first' | 'lazy';
  className: string;
};

/** A committed, sized picture (an SVG or an optimised raster) with its own text alternative. */
export function Picture({ image, load, className }: PictureProps) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      {...(load === 'first'
        ? { fetchPriority: 'high' as const }
        : { loading: 'lazy' as const, decoding: 'async' as const })}
      className={className}
    />
  );
}
