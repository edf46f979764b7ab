import { describe, expect, it } from 'vitest';
import {
  checkNavigation,
  externalNavigationMessage,
  isExternalUrl,
  NavigationError,
  navigationProblem,
  scriptProtocolMessage,
} from './safe-url';

const ok = null;
const external = externalNavigationMessage;

describe('the safe-navigation rule', () => {
  it('words its refusals exactly as the rule does', () => {
    expect(externalNavigationMessage).toBe(
      'Navigating to an external URL is not allowed by default. Use `navigate(url, { external: true })`.',
    );
    expect(scriptProtocolMessage('javascript:')).toBe(
      "Cannot navigate to a URL with 'javascript:' protocol.",
    );
  });

  // [url, without options, with { external: true }]
  it.each([
    ['/services/web', ok, ok],
    ['services/web', ok, ok],
    ['/blog?page=2#top', ok, ok],
    ['#consultation', ok, ok],
    ['?type=shop', ok, ok],
    ['', ok, ok],
    ['https://t.me/ortus_digital', external, ok],
    ['HTTP://example.com', external, ok],
    ['//evil.example/path', external, ok],
    ['/\\evil.example', external, ok],
    ['mailto:hello@example.com', external, ok],
    ['tel:+12025550142', external, ok],
  ])('%j → %s; with { external: true } → %s', (url, plain, withExternal) => {
    expect(navigationProblem(url)).toBe(plain);
    expect(navigationProblem(url, { external: true })).toBe(withExternal);
  });

  // [url, the protocol named]: refused with or without { external: true }
  it.each([
    ['javascript:alert(1)', 'javascript:'],
    ['JavaScript:alert(1)', 'javascript:'],
    [' \x01javascript:alert(1)', 'javascript:'],
    ['java\tscript:alert(1)', 'javascript:'],
    ['\njavascript:alert(1)', 'javascript:'],
    ['vbscript:msgbox(1)', 'vbscript:'],
    ['VBScript:msgbox(1)', 'vbscript:'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
    ['DATA:text/html;base64,PHNjcmlwdD4=', 'data:'],
    ['blob:https://example.com/uuid', 'blob:'],
    ['  blob:https://example.com/uuid', 'blob:'],
  ])('%j is refused as %s, even with { external: true }', (url, protocol) => {
    expect(navigationProblem(url)).toBe(scriptProtocolMessage(protocol));
    expect(navigationProblem(url, { external: true })).toBe(scriptProtocolMessage(protocol));
  });

  it('throws a NavigationError with that message', () => {
    expect(() => checkNavigation('javascript:void 0')).toThrow(NavigationError);
    expect(() => checkNavigation('https://example.com')).toThrow(externalNavigationMessage);
    expect(() => checkNavigation('https://example.com', { external: true })).not.toThrow();
  });

  it('tells external addresses from paths', () => {
    expect(isExternalUrl('/ru/blog')).toBe(false);
    expect(isExternalUrl('//cdn.example')).toBe(true);
    expect(isExternalUrl('https://example.com')).toBe(true);
  });
});
