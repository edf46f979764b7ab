import type { ServiceSlug } from '@/config/services';

/** Line drawings, 24×24, stroked in currentColor; decorative beside the service name. */
const paths: Record<ServiceSlug, string[]> = {
  web: [
    'M3 5h18v14H3z',
    'M3 9h18',
    'M6 7h.01',
    'M8.5 7h.01',
    'M8 13l-2 2 2 2',
    'M16 13l2 2-2 2',
    'M13 12l-2 6',
  ],
  mobile: [
    'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1z',
    'M10 5h4',
    'M11 19h2',
  ],
  'smm-target': [
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
    'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
    'M12 12h.01',
    'M21 3l-9 9',
  ],
  seo: [
    'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13z',
    'M21 21l-5.5-5.5',
    'M7.5 12l2-2 2 1.5 2.5-3',
  ],
  marketing: [
    'M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1z',
    'M15 9a4 4 0 0 1 0 6',
    'M18 6a8 8 0 0 1 0 12',
  ],
  integration: [
    'M8 7a3 3 0 1 0 0-.01',
    'M16 17a3 3 0 1 0 0-.01',
    'M11 7h3a3 3 0 0 1 3 3v4',
    'M13 17h-3a3 3 0 0 1-3-3v-4',
  ],
  automation: [
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
    'M12 2v3M12 19v3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M2 12h3M19 12h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1',
  ],
  'email-marketing': ['M3 5h18v14H3z', 'M3 6l9 7 9-7', 'M16 15h3'],
  cybersecurity: ['M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z', 'M9 12l2 2 4-4'],
  crm: [
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
    'M2 21a7 7 0 0 1 14 0',
    'M17 4a4 4 0 0 1 0 7',
    'M22 21a7 7 0 0 0-4-6.3',
  ],
  'conversion-analytics': ['M4 20V10', 'M10 20V4', 'M16 20v-7', 'M22 20H2'],
  'content-marketing': ['M6 3h9l4 4v14H6z', 'M14 3v5h5', 'M9 12h7', 'M9 16h7'],
  consulting: ['M4 5h16v11H9l-5 4z', 'M8 9h8', 'M8 12h5'],
  'cloud-devops': [
    'M7 18a5 5 0 1 1 1-9.9A6 6 0 0 1 19 10a4 4 0 0 1-1 8z',
    'M10 14l2-2 2 2',
    'M12 12v5',
  ],
};

type ServiceIconProps = { slug: ServiceSlug; className?: string };

export function ServiceIcon({ slug, className }: ServiceIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {paths[slug].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
