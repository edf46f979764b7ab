import { CardCover, CardGrid, CardTitle, type CardGridOptions } from '@/components/ui/card';
import type { CaseMeta } from '@/server/content/cases';
import { casePath } from './case-paths';

type CaseCardProps = {
  item: CaseMeta;
  headingLevel?: 'h2' | 'h3';
  /** The first card of a list, on screen at once: its picture is not loaded lazily. */
  priority?: boolean;
};

/** A case in a list: its picture, the client, the outcome, and the first result in numbers. */
export function CaseCard({ item, headingLevel: Heading = 'h2', priority = false }: CaseCardProps) {
  const [result] = item.results;
  return (
    <article className="group article-card" data-testid={`case-card-${item.slug}`}>
      {/* The picture shows the work the title names; the link below names the case. */}
      <CardCover image={item.cover} aspect="aspect-[3/2]" priority={priority} />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-semibold text-brand-700">
          {item.client.name}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          <span className="font-medium text-muted">{item.client.industry}</span>
        </p>
        <CardTitle as={Heading} href={casePath(item.slug)} className="mt-2">
          {item.title}
        </CardTitle>
        <p className="mt-3 flex-1 leading-relaxed text-muted">{item.summary}</p>
        {result ? (
          <p className="mt-5 flex items-baseline gap-3 border-t border-line pt-4">
            <span className="text-2xl font-bold tracking-tight text-brand-800">{result.value}</span>
            <span className="text-sm leading-snug text-muted">{result.label}</span>
          </p>
        ) : null}
      </div>
    </article>
  );
}

/** Cases as a grid of cards. */
export function CaseGrid({ cases, ...options }: { cases: CaseMeta[] } & CardGridOptions) {
  return (
    <CardGrid
      items={cases}
      {...options}
      card={(item, props) => <CaseCard item={item} {...props} />}
    />
  );
}
