import type { CaseMeta } from '@/server/content/cases';

/** The clients' logos in one grey strip; each logo is named by its alt text. */
export function ClientLogos({ cases, label }: { cases: CaseMeta[]; label: string }) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-2 place-items-center gap-x-6 gap-y-8 sm:grid-cols-4 xl:grid-cols-8"
    >
      {cases.map((item) => (
        <li key={item.slug}>
          <img
            src={item.client.logo}
            alt={item.client.name}
            width={item.client.logoSize.width}
            height={item.client.logoSize.height}
            loading="lazy"
            decoding="async"
            className="h-8 w-auto max-w-full opacity-80"
          />
        </li>
      ))}
    </ul>
  );
}
