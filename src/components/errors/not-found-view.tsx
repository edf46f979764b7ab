import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Link } from '@/i18n/navigation';
import { RequestedPath } from './requested-path';

type NotFoundViewProps = { variant: 'route' | 'param' };

/** The 404 page inside the normal header and footer (BEHAVIOUR.md section 3). */
export async function NotFoundView({ variant }: NotFoundViewProps) {
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
        <RequestedPath
          template={(variant === 'route' ? t.raw('unknownRoute') : t.raw('unknownParam')) as string}
        />
      </h1>
      <p className="mt-3 max-w-xl text-muted">{t('description')}</p>
      <Link href="/" className={buttonClass({ size: 'lg', className: 'mt-8' })}>
        {t('home')}
      </Link>
    </Container>
  );
}
