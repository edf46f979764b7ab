import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadMessages, mergeMessages, type MessageLoader } from './messages';

const catalogues = {
  en: { Nav: { blog: 'Blog', contacts: 'Contacts', services: 'Services' } },
  ru: { Nav: { blog: 'Блог', contacts: 'Контакты' } },
  kz: { Nav: { blog: 'Блог' } },
  ua: { Nav: { contacts: 'Контакти' } },
};
const fakeLoader: MessageLoader = (code) => Promise.resolve(catalogues[code]);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('loadMessages', () => {
  it('falls back kz -> ru -> en', async () => {
    const messages = await loadMessages('kk', fakeLoader);
    expect(messages).toEqual({ Nav: { blog: 'Блог', contacts: 'Контакты', services: 'Services' } });
  });

  it('falls back ua -> en, skipping Russian', async () => {
    const messages = await loadMessages('uk', fakeLoader);
    expect(messages).toEqual({ Nav: { blog: 'Blog', contacts: 'Контакти', services: 'Services' } });
  });

  it('falls back ru -> en', async () => {
    const messages = await loadMessages('ru', fakeLoader);
    expect(messages).toEqual({ Nav: { blog: 'Блог', contacts: 'Контакты', services: 'Services' } });
  });

  it('logs "Failed locale loading" and still serves the fallbacks when a file fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing: MessageLoader = (code) => {
      if (code === 'kz') return Promise.reject(new Error('network down'));
      return Promise.resolve(catalogues[code]);
    };
    const messages = await loadMessages('kk', failing);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[0]).toBe('Failed locale loading');
    expect(messages).toEqual({ Nav: { blog: 'Блог', contacts: 'Контакты', services: 'Services' } });
  });
});

describe('mergeMessages', () => {
  it('merges nested namespaces and lets the later layer win', () => {
    expect(mergeMessages({ A: { x: '1', y: '2' }, B: 'b' }, { A: { y: '3' }, C: 'c' })).toEqual({
      A: { x: '1', y: '3' },
      B: 'b',
      C: 'c',
    });
  });
});
