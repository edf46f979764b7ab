import { buttonClass } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { getTranslations } from '@/i18n/server';
import { Link } from '@/i18n/navigation';

type NotFoundViewProps = {
  variant: 'route' | 'param';
  /** The address the visitor asked for, as they asked for it. */
  path: string;
};

function decode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** The 404 page inside the normal header and footer. */
export async function NotFoundView({ variant, path }: NotFoundViewProps) {
  const t = await getTranslations('NotFoundPage');
  return (
    <Container className="py-20 sm:py-28">
      <p
        className="text-7xl font-bold tracking-tight text-brand-500 sm:text-8xl"
        aria-hidden="true"
      >
        404
      </p>
      {/* The message is the heading: "Page not found: /the/path", said once. */}
      <h1
        className="mt-4 text-3xl font-bold tracking-tight break-words sm:text-4xl"
        data-testid="not-found-message"
      >
        {t(variant === 'route' ? 'unknownRoute' : 'unknownParam', { path: decode(path) })}
      </h1>
      <p className="mt-3 max-w-xl text-muted">{t('description')}</p>
      <Link href="/" className={buttonClass({ size: 'lg', className: 'mt-8' })}>
        {t('home')}
      </Link>
    </Container>
  );
}
