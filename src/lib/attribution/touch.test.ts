import { describe, expect, it } from 'vitest';
import { attributionFromFormPage, parseAttribution } from './parse';
import { describeTouch } from './describe';
import { recordTouch, touchFromVisit, type Touch } from './touch';

const now = new Date('2026-11-24T10:00:00Z');
const visit = (url: string, referrer = '') =>
  touchFromVisit({ url: new URL(url, 'https://agency.example'), referrer, now });

describe('touchFromVisit', () => {
  it('keeps UTM tags, click ids and the landing page', () => {
    expect(
      visit(
        '/ru/services/seo?utm_source=yandex&utm_medium=cpc&utm_campaign=seo_spring&utm_term=seo%20audit&utm_content=ad1&yclid=123&other=x',
        'https://yandex.ru/',
      ),
    ).toEqual({
      source: 'yandex',
      medium: 'cpc',
      campaign: 'seo_spring',
      term: 'seo audit',
      content: 'ad1',
      yclid: '123',
      referrer: 'https://yandex.ru/',
      landingPage:
        '/ru/services/seo?utm_source=yandex&utm_medium=cpc&utm_campaign=seo_spring&utm_term=seo%20audit&utm_content=ad1&yclid=123&other=x',
      at: now.toISOString(),
    });
  });

  it('records a link from another site as a referral', () => {
    expect(visit('/en/blog', 'https://news.example.kz/article')).toEqual({
      referrer: 'https://news.example.kz/article',
      landingPage: '/en/blog',
      at: now.toISOString(),
    });
  });

  it('sees a page reached from this site as the same visit, unless it is tagged', () => {
    expect(visit('/en/contacts', 'https://agency.example/en')).toBeNull();
    expect(visit('/en/contacts?gclid=abc', 'https://agency.example/en')).toMatchObject({
      gclid: 'abc',
    });
  });

  it('records a visit with no source as direct', () => {
    expect(visit('/kz')).toEqual({ landingPage: '/kz', at: now.toISOString() });
  });

  it('shortens what it keeps; the server cleans it when it arrives', () => {
    const touch = visit(`/en?utm_source=${'g'.repeat(300)}&utm_medium=c%00p%E2%80%8Bc`);
    expect(touch?.source).toHaveLength(200);
    expect(parseAttribution({ first: touch, last: touch }, now)?.first.medium).toBe('cpc');
  });
});

describe('recordTouch', () => {
  const ad: Touch = { source: 'google', medium: 'cpc', landingPage: '/en', at: now.toISOString() };
  const later = new Date(now.getTime() + 86_400_000);
  const referral: Touch = {
    referrer: 'https://partner.example/',
    landingPage: '/en/blog',
    at: later.toISOString(),
  };
  const direct: Touch = { landingPage: '/en', at: later.toISOString() };

  it('starts with the first touch as both first and last', () => {
    expect(recordTouch(null, ad, now)).toEqual({ first: ad, last: ad });
  });

  it('keeps the first touch and moves the last one to a new source', () => {
    expect(recordTouch({ first: ad, last: ad }, referral, later)).toEqual({
      first: ad,
      last: referral,
    });
  });

  it('never lets a direct visit hide a campaign', () => {
    expect(recordTouch({ first: ad, last: ad }, direct, later)).toEqual({ first: ad, last: ad });
    expect(recordTouch(null, direct, later)).toEqual({ first: direct, last: direct });
  });

  it('forgets what is older than the attribution window', () => {
    const muchLater = new Date(now.getTime() + 91 * 86_400_000);
    const fresh = { ...direct, at: muchLater.toISOString() };
    expect(recordTouch({ first: ad, last: ad }, fresh, muchLater)).toEqual({
      first: fresh,
      last: fresh,
    });
  });
});

describe('describeTouch', () => {
  it.each([
    [{ source: 'google', medium: 'cpc', campaign: 'spring' }, 'google / cpc / spring'],
    [{ source: 'newsletter' }, 'newsletter / —'],
    [{ gclid: 'x' }, 'google / cpc (gclid)'],
    [{ yclid: 'x' }, 'yandex / cpc (yclid)'],
    [{ referrer: 'https://news.example.kz/a' }, 'referral: news.example.kz'],
    [{}, 'direct'],
  ])('%j reads as %s', (fields, expected) => {
    expect(describeTouch({ landingPage: '/', at: now.toISOString(), ...fields })).toBe(expected);
  });
});

describe('parseAttribution', () => {
  const touch = { source: 'google', landingPage: '/en?utm_source=google', at: now.toISOString() };

  it('accepts what the browser kept', () => {
    expect(parseAttribution(JSON.stringify({ first: touch, last: touch }), now)).toEqual({
      first: touch,
      last: touch,
    });
  });

  it('drops a field that is not text and cleans the rest', () => {
    expect(
      parseAttribution({ first: { ...touch, medium: 42, campaign: 'a\u0000b' }, last: touch }, now),
    ).toEqual({ first: { ...touch, campaign: 'ab' }, last: touch });
  });

  it.each([
    ['not JSON', '{'],
    ['no landing page', JSON.stringify({ first: { at: now.toISOString() }, last: touch })],
    [
      'a landing page elsewhere',
      JSON.stringify({ first: { ...touch, landingPage: 'https://evil.example' }, last: touch }),
    ],
    [
      'a date in the future',
      JSON.stringify({ first: { ...touch, at: '2030-01-01T00:00:00Z' }, last: touch }),
    ],
    ['too large', JSON.stringify({ first: touch, last: touch, pad: 'x'.repeat(9000) })],
  ])('drops attribution with %s', (_, raw) => {
    expect(parseAttribution(raw, now)).toBeNull();
  });

  it('drops a referrer that is not a web address', () => {
    expect(
      parseAttribution({ first: { ...touch, referrer: 'javascript:alert(1)' }, last: touch }, now)
        ?.first,
    ).toEqual(touch);
  });
});

describe('attributionFromFormPage', () => {
  it('reads the tags of the page a form was sent from without JavaScript', () => {
    expect(
      attributionFromFormPage('https://agency.example/ru?utm_source=vk&utm_medium=social', now),
    ).toEqual({
      first: {
        source: 'vk',
        medium: 'social',
        landingPage: '/ru?utm_source=vk&utm_medium=social',
        at: now.toISOString(),
      },
      last: {
        source: 'vk',
        medium: 'social',
        landingPage: '/ru?utm_source=vk&utm_medium=social',
        at: now.toISOString(),
      },
    });
    expect(attributionFromFormPage('https://agency.example/ru/contacts', now)).toBeNull();
    expect(attributionFromFormPage(null, now)).toBeNull();
  });
});
