import { describe, expect, it } from 'vitest';
import type { Messages } from 'use-intl/core';
import { langCodes, localeFromCode, localeInfo } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { describeSelection, formatAmount, formatRange, lineLabel } from '@/lib/calculator/describe';
import { estimate, inCurrency } from '@/lib/calculator/estimate';
import { proposalHref } from '@/lib/calculator/proposal-link';
import { selectionFromQuery } from '@/lib/calculator/selection';
import { calculatorTexts } from '@/server/calculator/texts';
import { pdfText } from '../../../tests/support/pdf';
import { proposalPdf } from './pdf';
import { makeProposal, proposalReference, proposalRefusal, readProposalQuery } from './proposal';

const query = 'type=shop&size=40&design=premium&features=cms,payments&urgency=fast&support=3';
const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

describe('the estimate as a PDF', () => {
  it.each(langCodes)(
    'in %s: the choices, lines and range the calculator shows, the reference and the contacts',
    async (lang) => {
      const locale = localeFromCode(lang);
      const { currency } = localeInfo[locale].market;
      const selection = selectionFromQuery(new URLSearchParams(query));
      // What the calculator page writes, from its own texts and engine.
      const texts = calculatorTexts(locale, (await loadMessages(locale)) as Messages, currency);
      const priced = inCurrency(estimate(selection), currency);
      const proposal = await makeProposal({ lang, selection, currency });
      const text = flat(await pdfText(await proposalPdf(proposal)));
      expect(text).toContain(flat(formatRange(texts, priced.low, priced.high)));
      for (const choice of describeSelection(texts, selection))
        expect(text).toContain(flat(choice));
      for (const line of priced.lines) {
        expect(text).toContain(flat(lineLabel(texts, line)));
        expect(text).toContain(flat(formatAmount(texts, line.amount)));
      }
      expect(text).toContain(proposal.reference);
      expect(text).toContain('hello@example.com');
      expect(text).toContain(flat(proposal.meta.validUntil));
    },
  );

  it('writes Kazakh letters and the tenge sign as text, not as missing glyphs', async () => {
    const selection = selectionFromQuery(new URLSearchParams(query));
    const proposal = await makeProposal({ lang: 'kz', selection, currency: 'KZT' });
    const text = flat(await pdfText(await proposalPdf(proposal)));
    expect(text).toContain('Жобаның алдын ала сметасы');
    expect(text).toMatch(/\d ₸/);
    expect(text).toContain('«Ортус Диджитал» ЖШС');
    expect(text).toContain('2026 жылғы 1 қарашадағы');
  });

  it('names the same document by the same reference, and another one otherwise', () => {
    const selection = selectionFromQuery(new URLSearchParams(query));
    const a = proposalReference({ lang: 'ru', selection, currency: 'RUB' });
    expect(a).toMatch(/^E-[2-9A-HJ-NP-Z]{6}$/);
    expect(proposalReference({ lang: 'ru', selection, currency: 'RUB' })).toBe(a);
    expect(proposalReference({ lang: 'ru', selection, currency: 'KZT' })).not.toBe(a);
    expect(
      proposalReference({ lang: 'ru', selection: { ...selection, size: 41 }, currency: 'RUB' }),
    ).not.toBe(a);
  });

  it('reads its address from the calculator’s link, in the currency asked for or the language’s own', () => {
    const selection = selectionFromQuery(new URLSearchParams(query));
    const href = proposalHref('ru', selection, 'KZT');
    const read = readProposalQuery(new URL(href, 'https://example.com').searchParams);
    expect(read).toEqual({ ok: true, request: { lang: 'ru', selection, currency: 'KZT' } });
    const unknown = new URLSearchParams(`lang=ua&${query}&currency=XYZ`);
    expect(readProposalQuery(unknown)).toMatchObject({ ok: true, request: { currency: 'UAH' } });
  });

  it('refuses an impossible selection, naming what is wrong in the address’s language', async () => {
    const read = readProposalQuery(
      new URLSearchParams('lang=ru&type=landing&size=99&design=custom&urgency=standard&support=0'),
    );
    expect(read).toEqual({ ok: false, lang: 'ru', fields: ['size'] });
    if (read.ok) return;
    const refusal = await proposalRefusal(read.lang, read.fields);
    expect(refusal).toContain('объём');
    expect(refusal).toMatch(/\/ru\/calculator$/);
    const noLanguage = readProposalQuery(
      new URLSearchParams(`lang=xx&${query.replace('cms,payments', 'cms,vr')}`),
    );
    expect(noLanguage).toEqual({ ok: false, lang: 'ru', fields: ['lang', 'features'] });
    if (noLanguage.ok) return;
    expect(await proposalRefusal('en', noLanguage.fields)).toContain(
      'the language and the features',
    );
  });
});
