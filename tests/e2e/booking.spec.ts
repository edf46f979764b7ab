import type { APIRequestContext, Page } from '@playwright/test';
import { violations } from './support/axe';
import {
  confirmationText,
  dayLegend,
  removeTestBookings,
  slotName,
  visitorEmail,
  zonesLine,
} from './support/booking';
import { fill } from './support/consultation';
import { deliveredCalls, ownVisitor, withSiteDatabase } from './support/db';
import { expect, test } from './support/fixtures';
import { messages, type LangCode } from './support/site';
import { journeyLanguages } from './support/suites';

/*
 * Booking a call after a request: the free times offered beside the
 * thank-you, with JavaScript (the island fetches them and books in place) and
 * without (a form posted to /api/booking, answered by a page of the site). On
 * the real clock: each test books the first time offered, so the tests of
 * this file take turns, and the slots they took are freed afterwards.
 */

test.describe.configure({ mode: 'serial' });
test.use(ownVisitor);
test.afterAll(removeTestBookings);

/** A request sent through the contacts page's form, answered with the thank-you. */
async function sendRequest(page: Page, code: LangCode, email: string) {
  const m = messages[code].ConsultationForm;
  await page.goto(`/${code}/contacts`);
  const form = await fill(page, code, email, 'email');
  await form.getByRole('button', { name: m.submit }).click();
  await expect(page.getByTestId('consultation-success')).toBeVisible();
  return (await page.getByTestId('consultation-reference').textContent())!;
}

/** Another visitor's request and booking, sent to the API as the picker's script sends them. */
async function someoneBooks(request: APIRequestContext, baseURL: string, start: string) {
  const origin = new URL(baseURL).origin;
  const lead = await request.post('/api/leads', {
    headers: { origin },
    data: {
      language: 'en',
      method: 'email',
      contact: visitorEmail('other'),
      consent: true,
    },
  });
  const { booking } = (await lead.json()) as { booking: { token: string } };
  const booked = await request.post('/api/booking', {
    headers: { origin },
    data: { token: booking.token, slot: start, language: 'en' },
  });
  expect(booked.status()).toBe(201);
}

const firstSlot = (page: Page) =>
  page.getByTestId('booking-form').locator('input[name="slot"]').first();

async function storedBooking(reference: string) {
  return withSiteDatabase(async (client) => {
    const { rows } = await client.query<{ starts_at: Date; time_zone: string | null }>(
      `SELECT b.starts_at, b.time_zone FROM bookings b JOIN leads l ON l.id = b.lead_id
       WHERE l.reference = $1`,
      [reference],
    );
    return rows;
  });
}

test.describe('with JavaScript', () => {
  test.use({ timezoneId: 'Europe/Moscow' });

  for (const { code, details } of journeyLanguages('kz')) {
    test(
      `in ${code}: a request, then a time picked from the keyboard, confirmed in place`,
      details,
      async ({ page }) => {
        const m = messages[code].Booking;
        const reference = await sendRequest(page, code, visitorEmail(code));
        const picker = page.getByTestId('booking');
        await expect(picker.getByRole('heading', { name: m.picker.title })).toBeVisible();
        await expect(page.getByTestId('booking-form')).toBeVisible();
        // The times on the visitor's clock (Moscow), the agency's (Almaty) beside them.
        await expect(picker).toContainText(zonesLine(code));
        const first = firstSlot(page);
        const start = (await first.getAttribute('value'))!;
        await expect(first).toHaveAccessibleName(slotName(code, start, 'Europe/Moscow'));
        // The day in the page's language (Kazakh too, which browsers' Intl lacks).
        await expect(page.getByTestId('booking-day').first().locator('legend')).toHaveText(
          dayLegend(code, start, 'Europe/Moscow'),
        );
        expect(await violations(page, { include: '#consultation' })).toEqual([]);

        // The keyboard: the first time chosen with Space, the form sent with Enter.
        await first.focus();
        await page.keyboard.press('Space');
        await expect(first).toBeChecked();
        await page.keyboard.press('Enter');
        const confirmed = page.getByTestId('booking-confirmed');
        await expect(confirmed).toBeFocused();
        await expect(confirmed.getByRole('heading')).toHaveText(m.result.title);
        await expect(page.getByTestId('booking-time')).toHaveText(
          confirmationText(code, start, 'Europe/Moscow'),
        );
        await expect(confirmed).toContainText(m.result.next);
        await expect(page.locator('h1')).toHaveCount(1);
        expect(await violations(page, { include: '#consultation' })).toEqual([]);

        expect(await storedBooking(reference)).toEqual([
          { starts_at: new Date(start), time_zone: 'Europe/Moscow' },
        ]);
        // The team hears of it, in the language it reads (Russian by default).
        const booked = messages.ru.Booking.team.title.replace('{reference}', reference);
        await expect
          .poll(async () =>
            (await deliveredCalls()).telegram.some((call) => call.text.includes(booked)),
          )
          .toBe(true);
        await expect
          .poll(
            async () =>
              (await deliveredCalls()).webhook
                .filter((call) => (call.body as { event?: string }).event === 'booking.created')
                .map((call) => call.body as unknown as { reference: string; start: string })
                .find((body) => body.reference === reference)?.start,
          )
          .toBe(start);
      },
    );
  }

  test.describe('a time someone took meanwhile', () => {
    // The API's answer is a 409, which Chromium reports as a failed load.
    test.use({ allowedConsoleErrors: [/status of 409/] });

    test('is said so, in focus, with the times still free', async ({ page, request, baseURL }) => {
      const m = messages.en.Booking;
      const reference = await sendRequest(page, 'en', visitorEmail('taken-js'));
      const first = firstSlot(page);
      await expect(first).toBeVisible();
      const start = (await first.getAttribute('value'))!;
      await someoneBooks(request, baseURL!, start);

      await first.check();
      await page.getByRole('button', { name: m.picker.submit }).click();
      const message = page.getByTestId('booking-message');
      await expect(message).toHaveText(m.errors.taken);
      await expect(message).toBeFocused();
      await expect(page.locator(`input[name="slot"][value="${start}"]`)).toHaveCount(0);

      // The next free time, booked.
      const next = firstSlot(page);
      const nextStart = (await next.getAttribute('value'))!;
      expect(Date.parse(nextStart)).toBeGreaterThan(Date.parse(start));
      await next.check();
      await page.getByRole('button', { name: m.picker.submit }).click();
      await expect(page.getByTestId('booking-time')).toHaveText(
        confirmationText('en', nextStart, 'Europe/Moscow'),
      );
      expect((await storedBooking(reference)).map((row) => row.starts_at)).toEqual([
        new Date(nextStart),
      ]);
    });
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { code, details } of journeyLanguages('ru')) {
    test(
      `in ${code}: the same through form posts, the answer a page of the site`,
      details,
      async ({ page }) => {
        const m = messages[code].Booking;
        const reference = await sendRequest(page, code, visitorEmail(`nojs-${code}`));
        const form = page.getByTestId('booking-form');
        await expect(form).toHaveAttribute('action', '/api/booking');
        await expect(form).toHaveAttribute('method', 'post');
        await expect(page.getByRole('heading', { name: m.picker.title })).toBeVisible();
        // No time zone is known without script: the agency's times, said once.
        const first = firstSlot(page);
        const start = (await first.getAttribute('value'))!;
        await expect(first).toHaveAccessibleName(slotName(code, start, 'Asia/Almaty'));
        await expect(page.getByTestId('booking-day').first().locator('legend')).toBeVisible();

        await first.check();
        const answer = page.waitForResponse(
          (response) =>
            response.url().endsWith('/api/booking') && response.request().method() === 'POST',
        );
        await page.getByRole('button', { name: m.picker.submit }).click();
        expect((await answer).status()).toBe(201);
        const confirmed = page.getByTestId('booking-confirmed');
        await expect(confirmed).toBeFocused();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.result.title);
        await expect(page.locator('h1')).toHaveCount(1);
        await expect(page.getByTestId('booking-time')).toHaveText(
          confirmationText(code, start, null),
        );
        await expect(confirmed).toContainText(reference);
        await expect(page.locator('html')).toHaveAttribute('lang', /^(ru|en|kk|uk)$/);
        expect(await storedBooking(reference)).toEqual([
          { starts_at: new Date(start), time_zone: null },
        ]);
      },
    );
  }

  test.describe('a time someone took meanwhile', () => {
    // The page that answers is a 409, which Chromium reports as a failed load.
    test.use({ allowedConsoleErrors: [/status of 409/] });

    test('is answered 409, said so in focus, the other times offered', async ({
      page,
      request,
      baseURL,
    }) => {
      const m = messages.ua.Booking;
      const reference = await sendRequest(page, 'ua', visitorEmail('taken-nojs'));
      const start = (await firstSlot(page).getAttribute('value'))!;
      await someoneBooks(request, baseURL!, start);

      await firstSlot(page).check();
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/booking'));
      await page.getByRole('button', { name: m.picker.submit }).click();
      expect((await answer).status()).toBe(409);
      const message = page.getByTestId('booking-message');
      await expect(message).toHaveText(m.errors.taken);
      await expect(message).toBeFocused();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.picker.title);
      await expect(page.locator(`input[name="slot"][value="${start}"]`)).toHaveCount(0);

      // The next time, from the page that said so.
      const nextStart = (await firstSlot(page).getAttribute('value'))!;
      await firstSlot(page).check();
      await page.getByRole('button', { name: m.picker.submit }).click();
      await expect(page.getByTestId('booking-time')).toHaveText(
        confirmationText('ua', nextStart, null),
      );
      expect((await storedBooking(reference)).map((row) => row.starts_at)).toEqual([
        new Date(nextStart),
      ]);
    });
  });
});

test.describe('the pages that answer without JavaScript', () => {
  // One of them is the 409 of a time taken meanwhile.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('offering the times, saying one was taken, and confirming: accessible, one h1 each', async ({
    page,
    request,
    baseURL,
  }) => {
    const m = messages.en.Booking;
    await page.goto('/en/contacts');
    // Sent as a browser without script would send them (submit() skips the handlers).
    const form = await fill(page, 'en', visitorEmail('axe'), 'email');
    await form.evaluate((element: HTMLFormElement) => element.submit());
    await page.waitForURL(/\/en\/contacts$/);
    await expect(page.getByTestId('booking-form')).toBeVisible();
    await expect(page.locator('h1')).toHaveCount(1);
    expect(await violations(page)).toEqual([]);

    const start = (await firstSlot(page).getAttribute('value'))!;
    await someoneBooks(request, baseURL!, start);
    await firstSlot(page).check();
    await page.getByTestId('booking-form').evaluate((element: HTMLFormElement) => element.submit());
    await expect(page.getByTestId('booking-message')).toHaveText(m.errors.taken);
    await expect(page.locator('h1')).toHaveCount(1);
    expect(await violations(page)).toEqual([]);

    await firstSlot(page).check();
    await page.getByTestId('booking-form').evaluate((element: HTMLFormElement) => element.submit());
    await expect(page.getByTestId('booking-confirmed')).toBeFocused();
    await expect(page.locator('h1')).toHaveCount(1);
    expect(await violations(page)).toEqual([]);
  });
});

test.describe('the slots API', () => {
  test('answers the free times, never cached, and refuses an unknown language', async ({
    request,
  }) => {
    const answer = await request.get('/api/booking/slots?lang=kz');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['cache-control']).toBe('no-store');
    const body = (await answer.json()) as {
      timeZone: string;
      slots: { start: string; end: string }[];
    };
    expect(body.timeZone).toBe('Asia/Almaty');
    expect(body.slots.length).toBeGreaterThan(0);
    for (const slot of body.slots.slice(0, 5)) {
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(30 * 60_000);
      expect(Date.parse(slot.start)).toBeGreaterThan(Date.now() + 119 * 60_000);
    }
    const unknown = await request.get('/api/booking/slots?lang=de');
    expect(unknown.status()).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/ru, en, kz, ua/);
  });
});
