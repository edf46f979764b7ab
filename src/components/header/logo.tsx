import { Link } from '@/i18n/navigation';
import { siteConfig } from '@/config/site';

type LogoProps = { label: string };

/** The brand mark: a sun rising over the horizon ("ortus" is Latin for sunrise). */
export function Logo({ label }: LogoProps) {
  return (
    <Link
      href="/"
      aria-label={label}
      className="flex shrink-0 items-center gap-2.5 rounded-lg text-ink"
    >
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="9" className="fill-brand-700" />
        <path d="M8 21a8 8 0 0 1 16 0z" className="fill-sun" />
        <path d="M6 23.5h20" stroke="white" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="text-lg font-bold tracking-tight whitespace-nowrap">{siteConfig.name}</span>
    </Link>
  );
}
