import { collection, config, fields, singleton } from '@keystatic/core';
import messages from './messages/en.json' with { type: 'json' };
import { blogCategories } from './src/config/blog';
import { serviceSlugs } from './src/config/services';
import { editorStorage } from './src/lib/editor/storage';

/**
 * The content editor (Keystatic, at /keystatic): every collection of content/
 * and the agency's details, with the four languages of an entry side by side.
 *
 * The files stay the source of truth: the editor reads and writes exactly the
 * files the site builds from (a round-trip test proves it leaves them as they
 * are), and the build checks what it writes with the same schemas as a file
 * edited by hand (src/server/content/), so a missing language, a broken link
 * or an unknown service fails the build naming the entry and the field.
 *
 * Texts that hold Markdown (articles, legal pages, answers that link) are
 * edited as Markdown source: the site's Markdown (tables, footnotes, task
 * lists, {{brand}}) is richer than the editor's rich-text field could keep.
 */

const languages = [
  { code: 'ru', label: 'Русский' },
  { code: 'en', label: 'English' },
  { code: 'kz', label: 'Қазақша' },
  { code: 'ua', label: 'Українська' },
] as const;

type FieldMap = Parameters<typeof fields.object>[0];

/** The same fields once per language, side by side (two to a row), each language its own group. */
function perLanguage(build: (code: string) => FieldMap, label = 'Texts') {
  return fields.object(
    Object.fromEntries(
      languages.map(({ code, label: name }) => [
        code,
        fields.object(build(code), { label: `${name} (${code})` }),
      ]),
    ),
    { label, layout: [6, 6, 6, 6] },
  );
}

const text = (label: string, min = 1, max = 10_000, description?: string) =>
  fields.text({ label, description, validation: { length: { min, max } } });
const longText = (label: string, min = 1, max = 10_000, description?: string) =>
  fields.text({ label, description, multiline: true, validation: { length: { min, max } } });
const markdown = (label: string, description = 'Markdown: see content/README.md') =>
  fields.text({ label, description, multiline: true, validation: { length: { min: 1 } } });
const date = (label: string, description?: string) =>
  fields.date({ label, description, validation: { isRequired: true } });
const sample = fields.checkbox({
  label: 'Sample',
  description: 'Fictional sample content that ships with the site: untick once it is real.',
});
const draft = fields.checkbox({
  label: 'Draft',
  description: 'Shown while developing, never in a production build.',
});
const serviceSelect = (label: string) =>
  fields.select({
    label,
    options: serviceSlugs.map((slug) => ({ label: messages.Services[slug].title, value: slug })),
    defaultValue: serviceSlugs[0],
  });
const titled = (label: string) =>
  fields.array(fields.object({ title: text('Title'), text: longText('Text') }), {
    label,
    itemLabel: (props) => props.fields.title.value || 'New item',
  });

export default config({
  storage: editorStorage(),
  ui: {
    brand: { name: 'Ortus Digital: content' },
    navigation: {
      Pages: ['services', 'blog', 'cases', 'legal'],
      People: ['testimonials', 'team'],
      Agency: ['site', 'about', 'redirects'],
    },
  },
  singletons: {
    site: singleton({
      label: 'Agency details',
      path: 'content/site/',
      // JSON, which the site's code imports as it is (src/config/site.ts).
      format: { data: 'json' },
      schema: {
        samples: fields.multiselect({
          label: 'Sample parts',
          description: 'Parts of these details that are still the fictional samples.',
          options: ['legal details', 'contacts', 'address', 'social links'].map((value) => ({
            label: value,
            value,
          })),
        }),
        name: text('Brand name', 2, 60),
        legal: fields.object(
          {
            name: fields.object(
              Object.fromEntries(
                languages.map(({ code, label }) => [code, text(`${label} (${code})`, 2, 160)]),
              ),
              {
                label: 'Legal name, with the legal form in each language',
                description:
                  'As the legal texts name the company: ТОО «…» in Russian, «…» ЖШС in Kazakh, ТОВ «…» in Ukrainian, … LLP in English.',
                layout: [6, 6, 6, 6],
              },
            ),
            registrationNumber: text('Registration number (BIN, 12 digits)', 12, 12),
            address: fields.object(
              Object.fromEntries(
                languages.map(({ code, label }) => [code, text(`${label} (${code})`, 10, 300)]),
              ),
              { label: 'Registered (legal) address', layout: [6, 6, 6, 6] },
            ),
            serverCountry: text(
              'Country of the server and database (two letters, e.g. KZ)',
              2,
              2,
              'Where the requests are first recorded and kept: the privacy policy says so (docs/legal.md).',
            ),
          },
          { label: 'Legal details (the privacy policy, the consent and the terms)' },
        ),
        foundedYear: fields.integer({ label: 'Founded (year)', validation: { isRequired: true } }),
        claims: fields.object(
          {
            yearsOnMarket: fields.integer({
              label: 'Years in business',
              validation: { isRequired: true },
            }),
            projectsDelivered: fields.integer({
              label: 'Projects delivered',
              validation: { isRequired: true },
            }),
            callbackHours: fields.integer({
              label: 'Call back within (hours)',
              validation: { isRequired: true },
            }),
            teamSize: fields.integer({
              label: 'People on the team',
              validation: { isRequired: true },
            }),
            countries: fields.integer({
              label: 'Countries of the clients',
              validation: { isRequired: true },
            }),
          },
          {
            label: 'The home page’s claims (the About page explains each)',
            layout: [4, 4, 4, 6, 6],
          },
        ),
        contacts: fields.object(
          {
            phone: fields.object(
              {
                display: text('As shown', 5, 40),
                e164: text('International format (+…, digits only)', 5, 20),
              },
              { label: 'Phone', layout: [6, 6] },
            ),
            email: text('Email', 5, 120),
            privacyEmail: text('Email for privacy requests', 5, 120),
            telegram: fields.object(
              {
                username: text('Username (without @)', 3, 64),
                url: text('Link', 10, 200),
              },
              { label: 'Telegram', layout: [6, 6] },
            ),
            address: fields.object(
              Object.fromEntries(
                languages.map(({ code, label }) => [code, text(`${label} (${code})`, 5, 200)]),
              ),
              { label: 'Address', layout: [6, 6, 6, 6] },
            ),
            workingHours: fields.object(
              {
                fromDay: fields.integer({
                  label: 'From weekday (1 = Monday)',
                  validation: { isRequired: true },
                }),
                toDay: fields.integer({ label: 'To weekday', validation: { isRequired: true } }),
                opens: text('Opens (HH:MM)', 5, 5),
                closes: text('Closes (HH:MM)', 5, 5),
              },
              { label: 'Working hours', layout: [3, 3, 3, 3] },
            ),
          },
          { label: 'Contacts' },
        ),
        messengers: fields.object(
          {
            whatsapp: fields.text({
              label: 'WhatsApp number for the chat buttons (+…, digits only; empty: no button)',
            }),
            telegramBot: fields.text({
              label: 'Telegram bot username for the chat buttons (without @; empty: no button)',
            }),
          },
          { label: 'Chat buttons', layout: [6, 6] },
        ),
        booking: fields.object(
          {
            slotMinutes: fields.integer({
              label: 'Call length (minutes)',
              validation: { isRequired: true, min: 10, max: 240 },
            }),
            leadMinutes: fields.integer({
              label: 'Minimum notice (minutes)',
              description: 'The soonest a call can start after the visitor books it.',
              validation: { isRequired: true, min: 0 },
            }),
            days: fields.integer({
              label: 'Working days offered',
              validation: { isRequired: true, min: 1, max: 60 },
            }),
            holidays: fields.array(
              fields.date({ label: 'Date', validation: { isRequired: true } }),
              {
                label: 'Days off besides the weekend',
                description:
                  'Public holidays, and the working day a holiday that falls on a weekend moves to.',
                itemLabel: (props) => props.value ?? 'Date',
              },
            ),
            place: fields.object(
              Object.fromEntries(
                languages.map(({ code, label }) => [code, text(`${label} (${code})`, 2, 60)]),
              ),
              {
                label: 'Where the agency’s clock is, as each language says it',
                description:
                  'Written beside the times: “13:00 in Almaty” (в Алматы, Алматыда, в Алмати).',
                layout: [6, 6, 6, 6],
              },
            ),
          },
          {
            label: 'Booking a call after a request (in the working hours and time zone)',
            layout: [4, 4, 4, 12, 12],
          },
        ),
        timeZone: text('Time zone (IANA, e.g. Asia/Almaty)', 3, 60),
        social: fields.array(
          fields.object({
            id: fields.select({
              label: 'Network',
              options: [
                { label: 'Instagram', value: 'instagram' },
                { label: 'Telegram', value: 'telegram' },
                { label: 'WhatsApp', value: 'whatsapp' },
              ],
              defaultValue: 'instagram',
            }),
            label: text('Name'),
            href: text('Link', 10, 300),
          }),
          {
            label: 'Social networks (footer order)',
            itemLabel: (props) => props.fields.label.value || 'Network',
          },
        ),
        telegramChannel: text('Telegram channel link', 10, 300),
      },
    }),
    about: singleton({
      label: 'About page',
      path: 'content/about/',
      format: { data: 'yaml' },
      schema: {
        sample,
        texts: perLanguage(() => ({
          updated: date('Last changed'),
          seo: fields.object({
            title: text('Title', 1, 70),
            description: longText('Description', 80, 200),
          }),
          hero: fields.object({
            title: text('Heading (h1)', 20, 90),
            lead: longText('Lead', 100, 360),
          }),
          story: fields.array(longText('Paragraph', 150, 700), {
            label: 'Who we are',
            itemLabel: (props) => props.value.slice(0, 60),
          }),
          facts: fields.array(
            fields.object({
              key: fields.select({
                label: 'Claim',
                options: ['years', 'projects', 'team', 'countries', 'callback'].map((value) => ({
                  label: value,
                  value,
                })),
                defaultValue: 'years',
              }),
              text: longText('What stands behind it', 40, 300),
            }),
            { label: 'Facts behind the claims', itemLabel: (props) => props.fields.key.value },
          ),
          process: fields.array(
            fields.object({
              title: text('Step'),
              text: longText('Text', 60, 400),
              duration: text('Duration', 1, 40),
            }),
            {
              label: 'How a project runs',
              itemLabel: (props) => props.fields.title.value || 'Step',
            },
          ),
          principles: titled('How we work'),
          contact: fields.object(
            { title: text('Title', 5, 80), text: longText('Text', 60, 360) },
            { label: 'How to reach a person' },
          ),
        })),
      },
    }),
    redirects: singleton({
      label: 'Redirects from the old site',
      path: 'content/redirects/',
      format: { data: 'yaml' },
      // Checked at build and by `npm run redirects -- check` (docs/redirects.md).
      schema: {
        redirects: fields.array(
          fields.object(
            {
              from: text(
                'Old address',
                1,
                2000,
                'A path of the old site: /uslugi/seo, /page12345.html, /?p=123, or /blog/* for all under /blog',
              ),
              to: text(
                'New address',
                1,
                2000,
                'A page of this site with its language (/ru/services/seo; /ru/blog/* carries the rest of a /…/* address), or https://… elsewhere',
              ),
              note: fields.text({ label: 'Note', description: 'For the people who keep the list' }),
            },
            { layout: [6, 6, 12] },
          ),
          {
            label: 'Redirects (301, before the site’s own pages)',
            itemLabel: (props) =>
              `${props.fields.from.value || 'New redirect'} → ${props.fields.to.value || '…'}`,
          },
        ),
      },
    }),
  },
  collections: {
    services: collection({
      label: 'Services',
      path: 'content/services/*/',
      slugField: 'name',
      format: { data: 'yaml' },
      columns: ['name'],
      schema: {
        name: fields.slug({
          name: { label: 'Name (for this list)' },
          slug: {
            label: 'Address',
            description: 'One of the 14 services in src/config/services.ts',
          },
        }),
        related: fields.array(serviceSelect('Service'), {
          label: 'Related services (2–4)',
          itemLabel: (props) => props.value,
        }),
        texts: perLanguage(() => ({
          updated: date('Last changed'),
          seo: fields.object({
            title: text('Title', 1, 70),
            description: longText('Description', 80, 200),
          }),
          hero: fields.object({ title: text('Heading (h1)'), lead: longText('Lead', 80, 400) }),
          includes: titled('What the service includes (5 or more)'),
          process: fields.array(
            fields.object({
              title: text('Step'),
              text: longText('Text'),
              duration: fields.text({ label: 'Duration' }),
            }),
            {
              label: 'How the work goes (4 or more)',
              itemLabel: (props) => props.fields.title.value || 'Step',
            },
          ),
          deliverables: fields.array(text('Item'), {
            label: 'What the client receives',
            itemLabel: (props) => props.value,
          }),
          technologies: fields.array(text('Name'), {
            label: 'Technologies',
            itemLabel: (props) => props.value,
          }),
          faq: fields.array(
            fields.object({
              question: text('Question'),
              answer: markdown('Answer (Markdown: links allowed)'),
            }),
            {
              label: 'Questions and answers (4 or more)',
              itemLabel: (props) => props.fields.question.value || 'Question',
            },
          ),
        })),
      },
    }),
    blog: collection({
      label: 'Blog articles',
      path: 'content/blog/*/',
      slugField: 'name',
      format: { data: 'yaml' },
      columns: ['name', 'date'],
      schema: {
        name: fields.slug({
          name: { label: 'Working title (for this list)' },
          slug: {
            label: 'Address',
            description: 'The same in every language: lowercase letters, digits, hyphens',
          },
        }),
        draft,
        date: date('Published'),
        category: fields.select({
          label: 'Category',
          options: blogCategories.map((value) => ({ label: value, value })),
          defaultValue: blogCategories[0],
        }),
        cover: fields.image({
          label: 'Cover picture (1200×630, SVG or an optimised WebP/AVIF)',
          directory: 'public/images/blog',
          publicPath: '/images/blog/',
          validation: { isRequired: true },
        }),
        texts: perLanguage(() => ({
          title: text('Title', 20, 90),
          description: longText('Description', 80, 200),
          coverAlt: longText('What the cover shows (alt text)', 10, 400),
          author: text('Author', 3, 80),
          tags: fields.array(text('Tag', 2, 40), {
            label: 'Tags (2–6)',
            itemLabel: (props) => props.value,
          }),
          body: markdown(
            'Article (Markdown: headings from ##, lists, tables, code, quotes, images, footnotes)',
          ),
        })),
      },
    }),
    cases: collection({
      label: 'Case studies',
      path: 'content/cases/*/',
      slugField: 'name',
      format: { data: 'yaml' },
      columns: ['name', 'year'],
      schema: {
        name: fields.slug({
          name: { label: 'Client', description: 'The client’s name, the same in every language' },
          slug: { label: 'Address', description: 'Lowercase letters, digits, hyphens' },
        }),
        sample,
        featured: fields.checkbox({
          label: 'Featured',
          description: 'Shown on the home page; the first one also in its hero.',
        }),
        draft,
        logo: fields.image({
          label: 'Client logo (SVG, one colour)',
          directory: 'public/images/cases',
          publicPath: '/images/cases/',
          validation: { isRequired: true },
        }),
        services: fields.array(serviceSelect('Service'), {
          label: 'Services (1–4)',
          itemLabel: (props) => props.value,
        }),
        year: fields.integer({ label: 'Launched (year)', validation: { isRequired: true } }),
        weeks: fields.integer({ label: 'Duration (weeks)', validation: { isRequired: true } }),
        team: fields.integer({ label: 'People on our side', validation: { isRequired: true } }),
        stack: fields.array(text('Technology'), {
          label: 'Technologies',
          itemLabel: (props) => props.value,
        }),
        cover: fields.image({
          label: 'Cover picture (1200×800)',
          directory: 'public/images/cases',
          publicPath: '/images/cases/',
          validation: { isRequired: true },
        }),
        gallery: fields.array(
          fields.image({
            label: 'Picture',
            directory: 'public/images/cases',
            publicPath: '/images/cases/',
            validation: { isRequired: true },
          }),
          {
            label: 'More pictures (their texts are in each language below, in the same order)',
            itemLabel: (props) => props.value?.filename ?? 'Picture',
          },
        ),
        texts: perLanguage(() => ({
          updated: date('Last changed'),
          industry: text('Industry', 3, 60),
          location: text('Location', 3, 60),
          seo: fields.object({
            title: text('Title', 1, 70),
            description: longText('Description', 80, 200),
          }),
          title: text('Heading (h1): the outcome', 30, 100),
          summary: longText('Summary for the card', 80, 240),
          task: longText('The task', 150, 800),
          work: fields.array(
            fields.object({
              title: text('Step', 2, 80),
              text: markdown('Text (Markdown: may link a service)'),
            }),
            {
              label: 'What we did (2–6)',
              itemLabel: (props) => props.fields.title.value || 'Step',
            },
          ),
          results: fields.array(
            fields.object({
              value: text('Figure', 1, 12),
              label: text('What it measures', 10, 140),
            }),
            {
              label: 'Results (2–4)',
              itemLabel: (props) => `${props.fields.value.value} ${props.fields.label.value}`,
            },
          ),
          coverAlt: longText('What the cover shows (alt text)', 10, 300),
          gallery: fields.array(
            fields.object({
              alt: longText('What it shows (alt text)', 10, 300),
              caption: text('Caption', 10, 200),
            }),
            {
              label: 'Texts of the pictures (same order)',
              itemLabel: (props) => props.fields.caption.value || 'Picture',
            },
          ),
        })),
      },
    }),
    testimonials: collection({
      label: 'Testimonials',
      path: 'content/testimonials/*/',
      slugField: 'name',
      format: { data: 'yaml' },
      schema: {
        name: fields.slug({
          name: { label: 'Client (for this list)' },
          slug: { label: 'Address' },
        }),
        sample,
        case: fields.relationship({
          label: 'Case study it belongs to',
          collection: 'cases',
          validation: { isRequired: true },
        }),
        texts: perLanguage(() => ({
          quote: longText('Quote', 80, 480),
          author: text('Who said it', 3, 80),
          role: text('Their role', 3, 100),
        })),
      },
    }),
    team: collection({
      label: 'Team',
      path: 'content/team/*/',
      slugField: 'name',
      format: { data: 'yaml' },
      columns: ['name', 'order'],
      schema: {
        name: fields.slug({ name: { label: 'Name (for this list)' }, slug: { label: 'Address' } }),
        sample,
        order: fields.integer({
          label: 'Place on the About page',
          validation: { isRequired: true },
        }),
        portrait: fields.image({
          label: 'Portrait (square, illustrated or a photo)',
          directory: 'public/images/team',
          publicPath: '/images/team/',
          validation: { isRequired: true },
        }),
        texts: perLanguage(() => ({
          name: text('Name', 3, 80),
          role: text('Role', 3, 60),
          bio: longText('About them', 60, 300),
        })),
      },
    }),
    legal: collection({
      label: 'Legal pages',
      path: 'content/pages/*/',
      slugField: 'name',
      format: { data: 'yaml' },
      schema: {
        name: fields.slug({
          name: { label: 'Name (for this list)' },
          slug: { label: 'Address: privacy, terms or consent' },
        }),
        texts: perLanguage(() => ({
          title: text('Title (h1)'),
          updated: date('Last changed'),
          body: markdown(
            'Text (Markdown; {{brand}}, {{legalName}}, {{recipients}} … are filled in: content/README.md)',
          ),
        })),
      },
    }),
  },
});
