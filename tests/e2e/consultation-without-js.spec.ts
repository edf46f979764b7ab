import { contactSamples, landlines } from '../support/contact-samples';
import { violations } from './support/axe';
import { fill, successText } from './support/consultation';
import { findLead, ownVisitor } from './support/db';
import { expect, test } from './support/fixtures';
import { localeFromCode, messages } from './support/site';
import { journeyLanguages } from './support/suites';

/*
 * The consultation form posted without JavaScript: to the page it is on, which
 * the server answers at the same address with the thank-you or the form again,
 * in the page's language (src/server/http/form-post.ts,
 * src/components/consultation/form-answer.astro).
 */

test.use(ownVisitor);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { code, details } of journeyLanguages('kz')) {
    test(
      `in ${code} one press sends the request, and the answer is shown where the visitor is`,
      details,
      async ({ page }) => {
        const m = messages[code].ConsultationForm;
        await page.setViewportSize({ width: 375, height: 740 });
        await page.goto(`/${code}`);
        const form = await fill(page, code, `client.${code}@example.com`, 'email');
        await form.getByRole('button', { name: m.submit }).click();
        const success = page.getByTestId('consultation-success');
        await expect(success).toBeVisible();
        await expect(success).toBeInViewport();
        await expect(success).toBeFocused();
        await expect(success).toContainText(successText(code, 'email'));
        await expect(page).toHaveURL(new RegExp(`/${code}$`));
        const reference = (await page.getByTestId('consultation-reference').textContent())!;
        expect(await findLead(reference)).toMatchObject({
          contact_method: 'email',
          contact_value: `client.${code}@example.com`,
          language: code,
          status: 'new',
          review_reason: 'no-script',
        });
      },
    );
  }

  test('a mistake comes back in view, with the field focused and what was typed kept', async ({
    page,
  }) => {
    const m = messages.ua.ConsultationForm;
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/ua/contacts');
    const form = await fill(page, 'ua', landlines.ua, 'whatsapp');
    await form.getByRole('button', { name: m.submit }).click();
    const field = page.getByTestId('consultation-form').locator('input[name="contact"]');
    await expect(page.getByTestId('contact-error')).toHaveText(m.errors.whatsappInvalid);
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();
    await expect(field).toHaveValue(landlines.ua);
  });
});

test.describe('without JavaScript, the round trip', () => {
  test.use({ javaScriptEnabled: false });

  for (const code of ['ru', 'kz'] as const) {
    test(`in ${code}: mistakes come back in the page language with everything kept, and the corrected form is one lead`, async ({
      page,
      baseURL,
    }) => {
      const m = messages[code].ConsultationForm;
      await page.goto(`/${code}/contacts`);
      const form = page.getByTestId('consultation-form');
      await form.getByLabel(m.nameLabel).fill('Әлия Ґанна');
      await form.getByRole('radio', { name: m.methods.phone }).check();
      await form.getByLabel(m.contactLabel.phone).fill(contactSamples[code].phone.mistyped);
      await form.getByText(m.details.summary).click();
      await form.getByLabel(m.details.messageLabel).fill('Нужен магазин.\nWe need a shop.');
      await form.getByLabel(m.details.timeLabel).selectOption('morning');
      // No consent: two mistakes at once.
      await form.getByRole('button', { name: m.submit }).click();

      // The answer, at the page's own address, in its language.
      await expect(page).toHaveURL(new RegExp(`/${code}/contacts$`));
      await expect(page.locator('html')).toHaveAttribute('lang', localeFromCode(code));
      await expect(page).toHaveTitle(new RegExp(`^${m.failurePage.title} \\|`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.formLabel);
      await expect(page.getByTestId('consultation-failure')).toHaveText(m.errorSummary);
      await expect(form.getByTestId('contact-error')).toHaveText(m.errors.phoneInvalid);
      await expect(form.getByText(m.errors.consentRequired)).toBeVisible();
      const contact = form.locator('input[name="contact"]');
      await expect(contact).toBeFocused();
      await expect(contact).toBeInViewport();
      await expect(contact).toHaveValue(contactSamples[code].phone.mistyped);
      await expect(form.getByLabel(m.nameLabel)).toHaveValue('Әлия Ґанна');
      await expect(form.getByLabel(m.details.messageLabel)).toHaveValue(
        'Нужен магазин.\nWe need a shop.',
      );
      await expect(form.getByLabel(m.details.timeLabel)).toHaveValue('morning');
      await expect(form.getByRole('radio', { name: m.methods.phone })).toBeChecked();
      await expect(page.getByTestId('form-answer-back')).toHaveAttribute(
        'href',
        `/${code}/contacts`,
      );
      // The form shown again carries a key, so sending it again never makes a second lead.
      const key = await form.locator('input[name="key"]').inputValue();
      expect(key).toMatch(/^[0-9a-f-]{36}$/);

      await contact.fill(contactSamples[code].phone.typed);
      await form.getByRole('checkbox', { name: m.consent }).check();
      await form.getByRole('button', { name: m.submit }).click();
      const success = page.getByTestId('consultation-success');
      await expect(success).toBeFocused();
      await expect(success).toBeInViewport();
      await expect(success).toContainText(successText(code, 'phone'));
      await expect(page).toHaveURL(new RegExp(`/${code}/contacts$`));
      await expect(page).toHaveTitle(new RegExp(`^${m.success.title} \\|`));
      const reference = (await page.getByTestId('consultation-reference').textContent())!;
      expect(await findLead(reference)).toMatchObject({
        contact_method: 'phone',
        contact_value: contactSamples[code].phone.stored,
        name: 'Әлия Ґанна',
        message: 'Нужен магазин.\nWe need a shop.',
        contact_time: 'morning',
        language: code,
        page: `/${code}/contacts`,
        review_reason: 'no-script',
      });

      // The same post again (a browser resending it, a second press): the same lead.
      const again = await page.request.post(`/${code}/contacts`, {
        headers: { Origin: baseURL!, Accept: 'text/html' },
        form: {
          language: code,
          page: `/${code}/contacts`,
          key,
          method: 'phone',
          contact: contactSamples[code].phone.typed,
          consent: 'on',
          name: 'Әлия Ґанна',
        },
      });
      expect(again.status()).toBe(200);
      expect(await again.text()).toContain(reference);
    });
  }

  test('from the calculator, the estimate stays attached through a mistake and reaches the lead', async ({
    page,
  }) => {
    const m = messages.en.ConsultationForm;
    await page.goto('/en/calculator');
    const summary = (await page.getByTestId('attached-summary').textContent())!;
    const form = await fill(page, 'en', 'anna@', 'email');
    await form.getByRole('button', { name: m.submit }).click();
    // The calculator's address with the choices the page shows.
    await expect(page).toHaveURL(/\/en\/calculator\?type=/);
    await expect(form.getByTestId('contact-error')).toHaveText(m.errors.emailInvalid);
    await expect(form.getByTestId('attach-estimate')).toBeChecked();
    await expect(form.getByTestId('attached-summary')).toHaveText(summary);

    await form.locator('input[name="contact"]').fill('anna@example.com');
    await form.getByRole('button', { name: m.submit }).click();
    await expect(page.getByTestId('consultation-success')).toBeFocused();
    const reference = (await page.getByTestId('consultation-reference').textContent())!;
    const lead = await findLead(reference);
    expect(lead).toMatchObject({ contact_value: 'anna@example.com', page: '/en/calculator' });
    expect(lead?.estimate).toMatchObject({ link: expect.stringMatching(/^\/en\/calculator\?/) });
  });
});

test.describe('the page that answers a form posted without JavaScript', () => {
  test('is accessible with the form shown again and with the thank-you, and hydrates without moving focus', async ({
    page,
  }) => {
    const m = messages.en.ConsultationForm;
    await page.goto('/en');
    // Sent as a browser without script would send it (submit() skips the form's handler).
    let form = await fill(page, 'en', 'nobody@', 'email');
    await form.evaluate((element: HTMLFormElement) => element.submit());
    await page.waitForURL(/\/en$/);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    form = page.getByTestId('consultation-form');
    await expect(form.getByTestId('contact-error')).toHaveText(m.errors.emailInvalid);
    await expect(form.locator('input[name="contact"]')).toBeFocused();
    expect(await violations(page)).toEqual([]);

    // Corrected and sent again, now by the hydrated form: the API's answer, in place.
    await form.locator('input[name="contact"]').fill('somebody@example.com');
    await form.getByRole('button', { name: m.submit }).click();
    const success = page.getByTestId('consultation-success');
    await expect(success).toBeFocused();
    await expect(success.getByRole('heading', { level: 2 })).toHaveText(m.success.title);
    expect(await violations(page)).toEqual([]);
  });
});
