import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { brokenDatabaseURL, findLead, visitorIp } from './support/db';
import { expect, test } from './support/fixtures';
import { langCodes, messages, type LangCode } from './support/site';

const phones: Record<LangCode, [string, string]> = {
  ru: ['8 916 123-45-67', '+79161234567'],
  en: ['(201) 555-0123', '+12015550123'],
  kz: ['8 701 123 4567', '+77011234567'],
  ua: ['067 123 4567', '+380671234567'],
};

// Each test is a different visitor, so that tests do not share a rate limit.
test.use({
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'X-Forwarded-For': visitorIp() });
  },
});

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).include('#consultation').analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Fills the form as a person would: a form sent within 2 seconds of arriving is taken for a bot. */
async function fill(
  page: Page,
  code: LangCode,
  contact: string,
  method: 'phone' | 'email' | 'telegram' = 'phone',
) {
  const m = messages[code].ConsultationForm;
  const form = page.getByTestId('consultation-form');
  await form.getByRole('radio', { name: m.methods[method] }).check();
  await form.getByLabel(m.contactLabel[method]).fill(contact);
  await form.getByRole('checkbox', { name: m.consent }).check();
  return form;
}

for (const code of langCodes) {
  test.describe(`consultation form in ${code}`, () => {
    const m = messages[code].ConsultationForm;

    test('a request is accepted, answered with a reference and stored', async ({ page }) => {
      await page.goto(`/${code}/contacts`);
      const form = page.getByTestId('consultation-form');
      await expect(form.locator('input[name="token"]')).not.toHaveValue('');
      expect(await axe(page)).toEqual([]);
      await fill(page, code, phones[code][0]);
      await page.waitForTimeout(2_100);
      await form.getByRole('button', { name: m.submit }).click();

      const success = page.getByTestId('consultation-success');
      await expect(success).toBeVisible();
      await expect(success.getByRole('heading')).toHaveText(m.success.title);
      await expect(success).toContainText(
        messages[code].ConsultationForm.success.text.split('{')[0]!.trim(),
      );
      const reference = (await page.getByTestId('consultation-reference').textContent())!;
      expect(await axe(page)).toEqual([]);

      const lead = await findLead(reference);
      expect(lead).toMatchObject({
        contact_method: 'phone',
        contact_value: phones[code][1],
        language: code,
        page: `/${code}/contacts`,
        status: 'new',
      });
    });

    test('a wrong phone number is explained next to the field, and nothing typed is lost', async ({
      page,
    }) => {
      await page.goto(`/${code}`);
      const form = await fill(page, code, '12345');
      await form.getByRole('button', { name: m.submit }).click();
      const field = form.getByLabel(m.contactLabel.phone);
      await expect(form.getByTestId('contact-error')).toHaveText(m.errors.phoneInvalid);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toBeFocused();
      await expect(field).toHaveValue('12345');
      await expect(form.getByRole('checkbox', { name: m.consent })).toBeChecked();
      expect(await axe(page)).toEqual([]);
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const code of langCodes) {
    test(`in ${code} the plain form asks to confirm once, then stores the request`, async ({
      page,
    }) => {
      const m = messages[code].ConsultationForm;
      await page.goto(`/${code}/contacts`);
      const form = await fill(page, code, `client.${code}@example.com`, 'email');
      await form.getByRole('button', { name: m.submit }).click();
      // No token could be fetched: the server renders the form again with one, values kept.
      await expect(page.getByTestId('consultation-failure')).toHaveText(m.failure.confirm);
      const again = page.getByTestId('consultation-form');
      await expect(again.locator('input[name="contact"]')).toHaveValue(
        `client.${code}@example.com`,
      );
      await expect(again.getByRole('checkbox', { name: m.consent })).toBeChecked();
      await page.waitForTimeout(2_100);
      await again.getByRole('button', { name: m.submit }).click();
      await expect(page.getByTestId('consultation-success')).toBeVisible();
      const reference = (await page.getByTestId('consultation-reference').textContent())!;
      expect(await findLead(reference)).toMatchObject({
        contact_method: 'email',
        contact_value: `client.${code}@example.com`,
        language: code,
        status: 'new',
      });
    });
  }
});

test.describe('the contact field', () => {
  test('changes its type, keyboard, autofill and example with the method', async ({ page }) => {
    const m = messages.en.ConsultationForm;
    await page.goto('/en/contacts');
    const form = page.getByTestId('consultation-form');
    const expectations = [
      ['phone', 'tel', 'tel', 'tel'],
      ['email', 'email', 'email', 'email'],
      ['telegram', 'text', 'text', 'off'],
    ] as const;
    for (const [method, type, inputMode, autoComplete] of expectations) {
      await form.getByRole('radio', { name: m.methods[method] }).check();
      const field = form.getByLabel(m.contactLabel[method]);
      await expect(field).toHaveAttribute('type', type);
      await expect(field).toHaveAttribute('inputmode', inputMode);
      await expect(field).toHaveAttribute('autocomplete', autoComplete);
      await expect(field).toHaveAttribute('placeholder', m.contactExample[method]);
    }
  });

  test('requires consent, with the reason given in the page language', async ({ page }) => {
    const m = messages.kz.ConsultationForm;
    await page.goto('/kz/contacts');
    const form = page.getByTestId('consultation-form');
    await form.getByLabel(m.contactLabel.phone).fill('+7 701 123 45 67');
    await form.getByRole('button', { name: m.submit }).click();
    await expect(form.getByText(m.errors.consentRequired)).toBeVisible();
    await expect(form.getByRole('link', { name: m.privacyLink })).toHaveAttribute(
      'href',
      '/kz/privacy',
    );
  });
});

test.describe('rate limit', () => {
  // Each test is a different visitor, so that tests do not share a rate limit.
  test.use({
    extraHTTPHeaders: async ({}, use) => {
      await use({ 'X-Forwarded-For': visitorIp() });
    },
  });

  test('after five requests from one address the sixth is refused with a localized wait', async ({
    page,
  }) => {
    const m = messages.ru.ConsultationForm;
    for (let i = 0; i < 6; i += 1) {
      await page.goto('/ru/contacts');
      const form = page.getByTestId('consultation-form');
      await expect(form.locator('input[name="token"]')).not.toHaveValue('');
      await fill(page, 'ru', `+7 916 123 45 6${i}`);
      await page.waitForTimeout(2_100);
      await form.getByRole('button', { name: m.submit }).click();
      if (i < 5) await expect(page.getByTestId('consultation-success')).toBeVisible();
    }
    const failure = page.getByTestId('consultation-failure');
    await expect(failure).toContainText('10 минут');
    await expect(failure).toBeFocused();
    expect(await axe(page)).toEqual([]);
    await expect(
      page.getByTestId('consultation-form').locator('input[name="contact"]'),
    ).toHaveValue('+7 916 123 45 65');
  });
});

test.describe('when the database is down', () => {
  // The form's token request fails with 503 (and is retried once): Chromium reports both.
  test.use({ allowedConsoleErrors: [/status of 503/] });

  test('the visitor is told so in their language, with the phone to call, and keeps what they typed', async ({
    page,
  }) => {
    const m = messages.ua.ConsultationForm;
    await page.goto(`${brokenDatabaseURL}/ua/contacts`);
    const form = await fill(page, 'ua', 'olena@example.ua', 'email');
    await form.getByRole('button', { name: m.submit }).click();
    const failure = page.getByTestId('consultation-failure');
    await expect(failure).toHaveText(m.failure.unavailable.replace('{phone}', '+1 202 555 0142'));
    await expect(
      page.getByTestId('consultation-form').locator('input[name="contact"]'),
    ).toHaveValue('olena@example.ua');
    await expect(
      page.getByTestId('consultation-form').getByRole('checkbox', { name: m.consent }),
    ).toBeChecked();
    await expect(
      page.getByTestId('consultation-form').getByRole('button', { name: m.retry }),
    ).toBeVisible();
  });

  test('the API answers 503 with Retry-After and the health check says why', async ({
    request,
  }) => {
    const response = await request.post(`${brokenDatabaseURL}/api/leads`, {
      headers: { Origin: brokenDatabaseURL },
      data: { language: 'en', method: 'email', contact: 'a@example.com', consent: true },
    });
    expect(response.status()).toBe(503);
    expect(response.headers()['retry-after']).toBe('30');
    expect((await response.json()).message).toBe(
      messages.en.ConsultationForm.failure.unavailable.replace('{phone}', '+1 202 555 0142'),
    );
    const health = await request.get(`${brokenDatabaseURL}/api/health`);
    expect(health.status()).toBe(503);
    expect(await health.json()).toMatchObject({ database: 'down' });
  });
});
