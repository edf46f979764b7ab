import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { load } from 'js-yaml';

/**
 * The content editor in local mode (docs/editing.md): an article
 * written and then edited through /keystatic on the development server
 * (`astro dev`) lands as files the build accepts, in all four languages, with
 * its cover beside it, and shows on the blog. The server runs on a scratch
 * copy of the project (tests/editor/dev-server.mjs), so this checkout is never
 * written. The tests run in order: each goes on from what the one before wrote.
 */

// Playwright runs from the project's root.
const copy = path.resolve('.editor-e2e');
const slug = 'first-call-with-an-agency';
const file = path.join(copy, 'content/blog', slug, 'index.yaml');
const coverFile = path.join(copy, 'public/images/blog', slug, 'cover.svg');

const cover = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#1e1b4b"/>
  <rect x="140" y="150" width="420" height="330" rx="24" fill="#312e81"/>
  <circle cx="860" cy="315" r="150" fill="#f59e0b"/>
</svg>
`;

type Texts = {
  title: string;
  description: string;
  coverAlt: string;
  author: string;
  tags: string[];
  body: string;
};

type Code = 'ru' | 'en' | 'kz' | 'ua';

const texts: Record<Code, Texts> = {
  ru: {
    title: 'Первый звонок с агентством: что подготовить',
    description:
      'Пять вещей, которые стоит собрать до первого разговора с агентством: цель, сроки, бюджет, примеры и ответственный с вашей стороны.',
    coverAlt: 'Тёмно-синий фон, на нём карточка с заметками и янтарный круг',
    author: 'Максим Белов',
    tags: ['бриф', 'первая встреча'],
    body: '## Цель и сроки\n\nНазовите одну цель проекта и дату, к которой он нужен.\n\n## Бюджет\n\nВилка бюджета экономит неделю переписки; прикинуть её поможет [калькулятор](/calculator).',
  },
  en: {
    title: 'The first call with an agency: what to prepare',
    description:
      'Five things to gather before you first talk to an agency: the goal, the deadline, a budget range, examples you like and who decides on your side.',
    coverAlt: 'A dark blue background with a card of notes and an amber circle',
    author: 'Maxim Belov',
    tags: ['brief', 'first meeting'],
    body: '## Goal and deadline\n\nName one goal for the project and the date you need it by.\n\n## Budget\n\nA budget range saves a week of emails; the [calculator](/calculator) gives you one.',
  },
  kz: {
    title: 'Агенттікпен алғашқы қоңырау: не дайындау керек',
    description:
      'Агенттікпен алғашқы әңгімеге дейін жинап қоятын бес нәрсе: мақсат, мерзім, бюджет ауқымы, ұнайтын мысалдар және сіз жақтан шешім қабылдайтын адам.',
    coverAlt: 'Қою көк фонда жазбалары бар карточка мен сары шеңбер',
    author: 'Максим Белов',
    tags: ['бриф', 'алғашқы кездесу'],
    body: '## Мақсат пен мерзім\n\nЖобаның бір мақсатын және оның қай күнге керек екенін атаңыз.\n\n## Бюджет\n\nБюджет ауқымы бір апталық хат алмасуды үнемдейді; оны [калькулятор](/calculator) есептеп береді.',
  },
  ua: {
    title: 'Перший дзвінок з агенцією: що підготувати',
    description:
      "П'ять речей, які варто зібрати до першої розмови з агенцією: мету, терміни, діапазон бюджету, приклади, що подобаються, і того, хто ухвалює рішення.",
    coverAlt: 'Темно-синє тло, на ньому картка з нотатками та бурштинове коло',
    author: 'Максим Бєлов',
    tags: ['бриф', 'перша зустріч'],
    body: '## Мета і терміни\n\nНазвіть одну мету проєкту і дату, до якої він потрібен.\n\n## Бюджет\n\nДіапазон бюджету заощаджує тиждень листування; його підкаже [калькулятор](/calculator).',
  },
};
const codes = ['ru', 'en', 'kz', 'ua'] as const;
const edited = 'The first call with an agency: what to have ready';

/** The field of one language: the four languages' fields come in the order ru, en, kz, ua. */
const field = (page: Page, label: string, index: number): Locator =>
  page.getByRole('textbox', { name: label, exact: true }).nth(index);

/**
 * Opens a page of the editor, ready when its form is: the development server
 * sends the editor's modules one by one, which on a busy machine takes a while.
 */
async function openEditor(page: Page, address: string) {
  await page.goto(address);
  await expect(page.getByRole('main').getByRole('textbox').first()).toBeVisible({
    timeout: 120_000,
  });
}

/** The article as the site's build reads it (tests/editor/read-article.mts). */
function readAsTheBuildDoes() {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const run = spawnSync(
    process.execPath,
    [
      tsx,
      '--tsconfig',
      'tests/editor/tsconfig.read-article.json',
      'tests/editor/read-article.mts',
      slug,
    ],
    {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent' },
    },
  );
  expect(run.stderr, 'the build reads the article without an error').toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
    listed: boolean;
    pages: Record<
      string,
      | {
          title: string;
          tags: string[];
          headings: string[];
          cover: { width: number; height: number };
        }
      | undefined
    >;
  };
}

// A server kept from an earlier run (outside CI) may still hold the article.
// The pages the test opens are compiled first, one at a time, so that the
// test's own waits measure the editor rather than a first compile.
test.beforeAll(async ({ request }) => {
  rmSync(path.dirname(file), { recursive: true, force: true });
  rmSync(path.dirname(coverFile), { recursive: true, force: true });
  for (const address of [
    '/keystatic',
    '/api/keystatic/tree',
    '/en/blog',
    '/en/blog/trigger-emails',
  ]) {
    // The editor's API answers only requests that carry the header its page sends.
    const answer = await request.get(address, { timeout: 180_000, headers: { 'no-cors': '1' } });
    expect(answer.status(), address).toBe(200);
  }
});

test.describe.configure({ mode: 'serial' });

test('an article written in /keystatic lands as files the build accepts, in four languages with its cover', async ({
  page,
}, testInfo) => {
  const upload = testInfo.outputPath('cover.svg');
  writeFileSync(upload, cover);

  // The editor reads the project's files (its "tree") after the page loads, and
  // creates nothing before it has.
  const treeRead = page.waitForResponse((response) =>
    response.url().endsWith('/api/keystatic/tree'),
  );
  await openEditor(page, '/keystatic/collection/blog/create');
  await page.getByLabel('Working title (for this list)').fill(texts.en.title);
  const address = page.getByLabel('Address');
  await address.fill(slug);
  await page.getByLabel('Published').fill('2026-11-20');
  await page.getByRole('button', { name: 'news' }).click();
  await page.getByRole('option', { name: 'business' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(upload);

  for (const [index, code] of codes.entries()) {
    const language = texts[code];
    await field(page, 'Title', index).fill(language.title);
    await field(page, 'Description', index).fill(language.description);
    await field(page, 'What the cover shows (alt text)', index).fill(language.coverAlt);
    await field(page, 'Author', index).fill(language.author);
    for (const tag of language.tags) {
      await page.getByRole('button', { name: 'Add', exact: true }).nth(index).click();
      const dialog = page.getByRole('dialog', { name: 'Add item' });
      await dialog.getByRole('textbox', { name: 'Tag' }).fill(tag);
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(dialog).toBeHidden();
    }
    await field(
      page,
      'Article (Markdown: headings from ##, lists, tables, code, quotes, images, footnotes)',
      index,
    ).fill(language.body);
  }
  expect((await treeRead).ok()).toBe(true);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/keystatic/collection/blog/item/${slug}$`));

  // One file with the four languages, the cover beside it, and the build takes both.
  await expect.poll(() => existsSync(file)).toBe(true);
  const written = load(readFileSync(file, 'utf8')) as {
    cover: string;
    category: string;
    texts: Record<Code, Texts>;
  };
  expect(written.cover).toBe(`/images/blog/${slug}/cover.svg`);
  expect(written.category).toBe('business');
  expect(Object.keys(written.texts)).toEqual([...codes]);
  for (const code of codes) expect(written.texts[code]).toEqual(texts[code]);
  expect(readFileSync(coverFile, 'utf8')).toBe(cover);
  const read = readAsTheBuildDoes();
  expect(read.listed).toBe(true);
  expect(read.pages.en).toMatchObject({
    title: texts.en.title,
    tags: texts.en.tags,
    headings: ['Goal and deadline', 'Budget'],
    cover: { width: 1200, height: 630 },
  });
  expect(read.pages.kk?.title).toBe(texts.kz.title);
  expect(read.pages.uk?.title).toBe(texts.ua.title);
});

test('edited in /keystatic: the change is saved to the same file, the rest kept', async ({
  page,
}) => {
  await openEditor(page, `/keystatic/collection/blog/item/${slug}`);
  await field(page, 'Title', 1).fill(edited);
  await page.getByRole('button', { name: 'Save' }).click();
  const saved = () => (load(readFileSync(file, 'utf8')) as { texts: Record<Code, Texts> }).texts;
  await expect.poll(() => saved().en.title).toBe(edited);
  expect(saved().ru).toEqual(texts.ru);
  expect(readAsTheBuildDoes().pages.en?.title).toBe(edited);
});

test('the article shows on the blog and on its own page, as edited', async ({ page }) => {
  await page.goto('/en/blog', { waitUntil: 'networkidle' });
  await expect(page.getByRole('link', { name: edited })).toBeVisible();
  await page.goto(`/en/blog/${slug}`, { waitUntil: 'networkidle' });
  await expect(page.locator('h1')).toHaveText(edited);
  await page.goto(`/ua/blog/${slug}`, { waitUntil: 'networkidle' });
  await expect(page.locator('h1')).toHaveText(texts.ua.title);
});

test('an entry the build would refuse cannot be saved: the editor names the field', async ({
  page,
}) => {
  await openEditor(page, '/keystatic/collection/blog/create');
  await page.getByLabel('Working title (for this list)').fill('An article with no texts yet');
  await page.getByLabel('Address').fill('an-article-with-no-texts');
  await page.getByRole('button', { name: 'Create' }).click();
  // Nothing is written, and the first empty required field is pointed out.
  await expect(page).toHaveURL(/\/keystatic\/collection\/blog\/create$/);
  await expect(page.getByText(/required|must be at least/i).first()).toBeVisible();
  expect(existsSync(path.join(copy, 'content/blog/an-article-with-no-texts'))).toBe(false);
});

test('the editor’s page is never indexed or cached', async ({ request }) => {
  const answer = await request.get('/keystatic');
  expect(answer.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(answer.headers()['cache-control']).toBe('no-store');
});
