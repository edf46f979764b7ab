import { describe, expect, it } from 'vitest';
import { assertSafeConfigLinks, configLinkProblems } from './check-links';
import { navConfig } from './navigation';
import { siteConfig } from './site';

describe('links in configuration', () => {
  it('the shipped configuration has no unsafe link', () => {
    expect(configLinkProblems('siteConfig', siteConfig, { external: true })).toEqual([]);
    expect(configLinkProblems('navConfig', navConfig, {})).toEqual([]);
  });

  it('a javascript: social link fails with a message naming the field', () => {
    const broken = {
      ...siteConfig,
      social: siteConfig.social.map((link) =>
        link.id === 'telegram' ? { ...link, href: 'javascript:alert(document.cookie)' } : link,
      ),
    };
    expect(() => assertSafeConfigLinks('siteConfig', broken, { external: true })).toThrow(
      "Unsafe link in configuration:\n  siteConfig.social[1].href: Cannot navigate to a URL with 'javascript:' protocol.",
    );
  });

  it('finds script protocols in any case, behind spaces and control characters', () => {
    const config = {
      contacts: { telegram: { url: ' \u0001JavaScript:void(0)' } },
      channel: 'VBScript:msgbox(1)',
      image: 'data:text/html;base64,PHNjcmlwdD4=',
      file: 'blob:https://example.com/1',
      fine: ['https://t.me/example', 'mailto:hello@example.com', 'tel:+12025550142'],
    };
    expect(configLinkProblems('c', config, { external: true })).toEqual([
      "c.contacts.telegram.url: Cannot navigate to a URL with 'javascript:' protocol.",
      "c.channel: Cannot navigate to a URL with 'vbscript:' protocol.",
      "c.image: Cannot navigate to a URL with 'data:' protocol.",
      "c.file: Cannot navigate to a URL with 'blob:' protocol.",
    ]);
  });

  it('keeps menus on the site', () => {
    const menu = {
      main: [
        { key: 'blog', href: '/blog' },
        { key: 'out', href: '//evil.example.com/phish' },
        { key: 'abs', href: { pathname: 'https://example.org/', hash: 'x' } },
      ],
    };
    expect(configLinkProblems('navConfig', menu, {})).toEqual([
      'navConfig.main[1].href: Navigating to an external URL is not allowed by default. Use `navigate(url, { external: true })`.',
      'navConfig.main[2].href.pathname: Navigating to an external URL is not allowed by default. Use `navigate(url, { external: true })`.',
    ]);
  });

  it('leaves text that is not a link alone', () => {
    expect(
      configLinkProblems(
        'c',
        { name: 'Ortus Digital', opens: '09:00', address: 'ул. Примерная, 1' },
        {},
      ),
    ).toEqual([]);
  });
});
