import { siteConfig } from '@/config/site';
import { socialIconPaths } from '@/components/footer/social-icon-paths';

type ContactChannelsProps = {
  label: string;
  labels: { call: string; write: string; telegram: string };
  /** One under another, for a narrow column. */
  stacked?: boolean;
};

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className="size-5">
      <path
        d="M5 4h3.5l1.5 4-2 1.5a11 11 0 0 0 6.5 6.5L16 14l4 1.5V19a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function MailIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className="size-5">
      <rect x="3" y="5" width="18" height="14" rx="2" stroke="currentColor" strokeWidth="1.8" />
      <path d="m4 7 8 6 8-6" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

/** The agency's direct channels as large tap targets: phone, email, Telegram. */
export function ContactChannels({ label, labels, stacked }: ContactChannelsProps) {
  const { phone, email, telegram } = siteConfig.contacts;
  const channels = [
    {
      key: 'call',
      href: `tel:${phone.e164}`,
      title: labels.call,
      value: phone.display,
      icon: <PhoneIcon />,
    },
    {
      key: 'write',
      href: `mailto:${email}`,
      title: labels.write,
      value: email,
      icon: <MailIcon />,
    },
    {
      key: 'telegram',
      href: telegram.url,
      title: labels.telegram,
      value: `@${telegram.username}`,
      icon: (
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-current">
          <path d={socialIconPaths.telegram} />
        </svg>
      ),
    },
  ];

  return (
    <ul
      aria-label={label}
      className={stacked ? 'mt-8 grid gap-4' : 'mt-8 grid gap-4 md:grid-cols-3'}
    >
      {channels.map((channel) => (
        <li key={channel.key}>
          <a
            href={channel.href}
            {...(channel.key === 'telegram'
              ? { target: '_blank', rel: 'noopener noreferrer' }
              : {})}
            className="flex h-full items-center gap-4 rounded-2xl border border-line bg-white p-5 shadow-card transition-colors hover:border-brand-500"
          >
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              {channel.icon}
            </span>
            <span className="min-w-0">
              <span className="block text-sm text-muted">{channel.title}</span>
              <span className="block font-semibold break-words text-ink">{channel.value}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
