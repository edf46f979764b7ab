import { findLead, ownVisitor } from './support/db';
import { expect, test } from './support/fixtures';
import { messages } from './support/site';

/*
 * The chat buttons: a form that posts to the site, which records a lead of
 * kind "messenger" with where the visit came from and opens the chat with a
 * first message carrying its reference. The chats themselves are stood in for.
 */

test.use(ownVisitor);

test.beforeEach(async ({ context }) => {
  for (const chat of ['https://wa.me/**', 'https://api.whatsapp.com/**', 'https://t.me/**'])
    await context.route(chat, (route) =>
      route.fulfill({ contentType: 'text/plain', body: 'the chat' }),
    );
});

const landing = '/ru/services/web?utm_source=google&utm_medium=cpc&utm_campaign=chat_autumn';

test('a WhatsApp click records a lead with its UTM tags, and the chat opens with its reference', async ({
  page,
  context,
}) => {
  const m = messages.ru.Messenger;
  await page.goto(landing);
  await page.goto('/ru/contacts');
  const chat = context.waitForEvent('page');
  await page.getByTestId('messenger-block').getByRole('button', { name: m.whatsapp }).click();
  const opened = await chat;
  await opened.waitForURL(/^https:\/\/wa\.me\//);
  const text = new URL(opened.url()).searchParams.get('text') ?? '';
  const reference = /([0-9A-Z]{3}-[0-9A-Z]{3})\.$/.exec(text)?.[1];
  expect(reference, text).toBeDefined();
  const lead = await findLead(reference!);
  expect(lead).toMatchObject({
    kind: 'messenger',
    contact_method: 'whatsapp',
    contact_value: null,
    language: 'ru',
    page: '/ru/contacts',
    attribution: {
      first: { source: 'google', medium: 'cpc', campaign: 'chat_autumn', landingPage: landing },
    },
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the buttons float in the corner, and work from the keyboard', async ({ page, context }) => {
    const m = messages.en.Messenger;
    await page.goto('/en/blog');
    const floating = page.getByRole('complementary', { name: m.floating });
    await expect(floating).toBeVisible();
    const telegram = floating.getByRole('button', { name: m.telegram });
    await telegram.focus();
    const chat = context.waitForEvent('page');
    await page.keyboard.press('Enter');
    const opened = await chat;
    await opened.waitForURL(
      /^https:\/\/t\.me\/ortus_digital_example_bot\?start=[0-9A-Z]{3}-[0-9A-Z]{3}$/,
    );
    const reference = new URL(opened.url()).searchParams.get('start')!;
    expect(await findLead(reference)).toMatchObject({ kind: 'messenger', page: '/en/blog' });
  });

  test('is not on the calculator, whose own bar is at the bottom', async ({ page }) => {
    await page.goto('/en/calculator');
    await expect(page.getByTestId('estimate-range')).toBeVisible();
    await expect(page.getByTestId('messenger-floating')).toHaveCount(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the button is a form that opens the chat, its lead recorded from the page it was on', async ({
    page,
    context,
  }) => {
    const m = messages.kz.Messenger;
    await page.goto('/kz/contacts');
    const chat = context.waitForEvent('page');
    await page.getByTestId('messenger-block').getByRole('button', { name: m.telegram }).click();
    const opened = await chat;
    await opened.waitForURL(/^https:\/\/t\.me\//);
    const reference = new URL(opened.url()).searchParams.get('start')!;
    expect(await findLead(reference)).toMatchObject({ kind: 'messenger', language: 'kz' });
  });
});
