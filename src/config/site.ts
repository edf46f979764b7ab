import { z } from 'zod';
import { langCodes, type LangCode } from '@/i18n/locales';
import details from '../../content/site/index.json' with { type: 'json' };
import { assertSafeConfigLinks } from './check-links';

/**
 * Everything that names or reaches the agency, kept in content/site/index.json
 * so that it is edited with the rest of the content (in the editor, "Agency
 * details"); a real agency rebrands there. The build checks it here: a wrong
 * field fails it, naming the field. The contacts that ship are deliberately
 * fictional: example.com addresses, a phone number from the 555-01xx range
 * reserved for fiction, and social accounts whose names say "example".
 */

const file = 'content/site/index.json';
const text = (min: number, max: number) => z.string().trim().min(min).max(max);
const link = z.url({ protocol: /^https$/, error: 'a full https:// address' });
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM');
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'a real date');
const weekday = z.number().int().min(1, 'a weekday: 1 (Monday) to 7 (Sunday)').max(7);

export const sampleParts = ['legal details', 'contacts', 'address', 'social links'] as const;
export type SamplePart = (typeof sampleParts)[number];

/**
 * The fields each sample part stands for, as the start-up warning names them:
 * the legal details are what the privacy policy, the consent and the terms
 * name the company by (docs/legal.md).
 */
export const samplePartFields: Record<SamplePart, string[]> = {
  'legal details': [
    'legal.name',
    'legal.registrationNumber',
    'legal.address',
    'legal.serverCountry',
  ],
  contacts: [
    'contacts.phone',
    'contacts.email',
    'contacts.privacyEmail',
    'contacts.telegram',
    'messengers',
  ],
  address: ['contacts.address'],
  'social links': ['social', 'telegramChannel'],
};

const perLanguageText = (min: number, max: number) =>
  z
    .object(
      Object.fromEntries(langCodes.map((code) => [code, text(min, max)])) as Record<
        LangCode,
        ReturnType<typeof text>
      >,
    )
    .strict();

/** Russian, Kazakh and Ukrainian names are written in Cyrillic, with the legal form of that language. */
const cyrillic = /\p{Script=Cyrillic}/u;
const legalFormExample: Record<Exclude<LangCode, 'en'>, string> = {
  ru: 'ТОО «…»',
  kz: '«…» ЖШС',
  ua: 'ТОВ «…»',
};

export const siteSchema = z
  .object({
    /**
     * Which parts are fictional samples that ship with the site; a production
     * start names each one still published (src/server/content/samples.ts).
     * Empty it part by part as the real details replace them.
     */
    samples: z.array(z.enum(sampleParts)),
    name: text(2, 60),
    /**
     * The company as the legal texts name it (docs/legal.md): its name with the
     * legal form in each language, its registration number (the BIN of a
     * Kazakh company), its registered address, and the country of the server
     * and database that first record and keep the requests (ISO 3166 code).
     */
    legal: z
      .object({
        name: perLanguageText(2, 160).superRefine((names, ctx) => {
          for (const code of ['ru', 'kz', 'ua'] as const)
            if (!cyrillic.test(names[code]))
              ctx.addIssue({
                code: 'custom',
                path: [code],
                message: `the name in this language, with its legal form (e.g. ${legalFormExample[code]}), not the English one`,
              });
        }),
        registrationNumber: z
          .string()
          .regex(/^\d{12}$/, 'the business identification number (BIN): 12 digits'),
        address: perLanguageText(10, 300),
        serverCountry: z
          .string()
          .regex(/^[A-Z]{2}$/, 'a country code of two capital letters, as KZ or RU')
          .refine(
            (code) => new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code),
            'a country code of two capital letters, as KZ or RU',
          ),
      })
      .strict(),
    /** The year the agency started: the "6+ years" claim is checked against it. */
    foundedYear: z.number().int().min(1950).max(2100),
    claims: z
      .object({
        yearsOnMarket: z.number().int().min(1),
        projectsDelivered: z.number().int().min(1),
        callbackHours: z.number().int().min(1).max(72),
        /** People on staff and countries the clients are in: the About page's facts. */
        teamSize: z.number().int().min(1),
        countries: z.number().int().min(1),
      })
      .strict(),
    contacts: z
      .object({
        phone: z
          .object({
            display: text(5, 40),
            e164: z.string().regex(/^\+[1-9]\d{6,14}$/, 'an international number: + and digits'),
          })
          .strict(),
        email: z.email(),
        privacyEmail: z.email(),
        telegram: z
          .object({
            username: z.string().regex(/^\w{3,64}$/, 'a Telegram username without @'),
            url: link,
          })
          .strict(),
        address: perLanguageText(5, 200),
        /** ISO weekdays (1 = Monday) and local times in `timeZone`. */
        workingHours: z
          .object({ fromDay: weekday, toDay: weekday, opens: time, closes: time })
          .strict(),
      })
      .strict(),
    /**
     * The chats the site opens for a visitor who would rather write than fill
     * in the form (src/server/leads/messenger.ts): the WhatsApp number and the
     * Telegram bot's username. A chat that is not set has no button.
     */
    messengers: z
      .object({
        whatsapp: z
          .string()
          .regex(/^\+[1-9]\d{6,14}$/, 'an international number: + and digits')
          .or(z.literal(''))
          .optional(),
        telegramBot: z
          .string()
          .regex(/^\w{5,32}$/, 'a Telegram bot username without @')
          .or(z.literal(''))
          .optional(),
      })
      .strict(),
    /**
     * The calls a visitor can book after a request (src/lib/booking/slots.ts):
     * slots of `slotMinutes` within the working hours above, in `timeZone`,
     * no sooner than `leadMinutes` from now, on the next `days` working days
     * that are not `holidays` (ISO dates: public holidays, and the days moved
     * off when one falls on a weekend).
     */
    booking: z
      .object({
        slotMinutes: z.number().int().min(10, 'at least 10 minutes').max(240, 'at most 240'),
        leadMinutes: z
          .number()
          .int()
          .min(0)
          .max(7 * 24 * 60, 'at most a week (10080)'),
        days: z.number().int().min(1, 'at least one day').max(60, 'at most 60 days'),
        holidays: z.array(isoDate),
        /**
         * How each language says where the agency's clock is ("in Almaty"),
         * written beside the times: "13:00 in Almaty".
         */
        place: perLanguageText(2, 60),
      })
      .strict(),
    timeZone: z.string().refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'an IANA time zone, as Asia/Almaty'),
    /** Footer order. */
    social: z.array(
      z
        .object({
          id: z.enum(['instagram', 'telegram', 'whatsapp']),
          label: text(2, 40),
          href: link,
        })
        .strict(),
    ),
    telegramChannel: link,
  })
  .strict();

export type SiteConfig = z.infer<typeof siteSchema>;

function parseSite(value: unknown): SiteConfig {
  const result = siteSchema.safeParse(value);
  if (!result.success)
    throw new Error(
      `${file}: invalid agency details\n${result.error.issues
        .map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('\n')}`,
    );
  return result.data;
}

export const siteConfig: SiteConfig = parseSite(details);

// The agency's own links leave the site (social networks, messengers), but never
// to a script: a `javascript:` link here fails the build.
assertSafeConfigLinks('siteConfig', siteConfig, { external: true });
