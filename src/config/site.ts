import type { LangCode } from '@/i18n/locales';
import { assertSafeConfigLinks } from './check-links';

/**
 * Everything that names or reaches the agency. A real agency rebrands by editing
 * this one object. The contacts below are deliberately fictional: example.com
 * addresses, a phone number from the 555-01xx range reserved for fiction, and
 * social accounts whose names say "example".
 */
export const siteConfig = {
  name: 'Ortus Digital',
  legalName: 'Ortus Digital LLP',
  /** The year the agency started: the "6+ years" claim is checked against it. */
  foundedYear: 2019,
  copyrightYear: 2025,
  claims: {
    yearsOnMarket: 6,
    projectsDelivered: 40,
    callbackHours: 2,
    /** People on staff and countries the clients are in: the About page's facts. */
    teamSize: 18,
    countries: 7,
  },
  /**
   * Which parts of this file are fictional samples that ship with the site; a
   * production start names each one still published (src/server/content/samples.ts).
   * Empty it part by part as the real details replace them.
   */
  samples: ['legal details', 'contacts', 'address', 'social links'],
  contacts: {
    phone: { display: '+1 202 555 0142', e164: '+12025550142' },
    email: 'hello@example.com',
    privacyEmail: 'privacy@example.com',
    telegram: { username: 'ortus_digital_example', url: 'https://t.me/ortus_digital_example' },
    address: {
      ru: 'Казахстан, Алматы, ул. Примерная, 1, офис 404',
      en: '1 Example Street, office 404, Almaty, Kazakhstan',
      kz: 'Қазақстан, Алматы, Үлгі көшесі, 1, 404-кеңсе',
      ua: 'Казахстан, Алмати, вул. Прикладна, 1, офіс 404',
    } satisfies Record<LangCode, string>,
    /** ISO weekdays (1 = Monday) and local times in `timeZone`. */
    workingHours: { fromDay: 1, toDay: 5, opens: '09:00', closes: '19:00' },
  },
  timeZone: 'Asia/Almaty',
  /** Footer order: an image-sharing network, a messenger, a chat app. */
  social: [
    {
      id: 'instagram',
      label: 'Instagram',
      href: 'https://www.instagram.com/ortus.digital.example',
    },
    { id: 'telegram', label: 'Telegram', href: 'https://t.me/ortus_digital_example' },
    { id: 'whatsapp', label: 'WhatsApp', href: 'https://wa.me/12025550142' },
  ],
  telegramChannel: 'https://t.me/ortus_digital_news_example',
} as const satisfies {
  name: string;
  legalName: string;
  foundedYear: number;
  copyrightYear: number;
  claims: {
    yearsOnMarket: number;
    projectsDelivered: number;
    callbackHours: number;
    teamSize: number;
    countries: number;
  };
  samples: readonly ('legal details' | 'contacts' | 'address' | 'social links')[];
  contacts: {
    phone: { display: string; e164: string };
    email: string;
    privacyEmail: string;
    telegram: { username: string; url: string };
    address: Record<LangCode, string>;
    workingHours: { fromDay: number; toDay: number; opens: string; closes: string };
  };
  timeZone: string;
  social: readonly { id: 'instagram' | 'telegram' | 'whatsapp'; label: string; href: string }[];
  telegramChannel: string;
};

export type SiteConfig = typeof siteConfig;

// The agency's own links leave the site (social networks, messengers), but never
// to a script: a `javascript:` link here fails the build.
assertSafeConfigLinks('siteConfig', siteConfig, { external: true });
