import { describe, expect, it } from 'vitest';
import { allowedOrigins, clientIp } from './request-context';

const headers = (values: Record<string, string>) => ({
  get: (name: string) => values[name] ?? null,
});

describe('clientIp', () => {
  it('takes the address Next.js recorded when there is no proxy', () => {
    expect(clientIp(headers({ 'x-forwarded-for': '::ffff:203.0.113.9' }), 0)).toBe('203.0.113.9');
  });

  it('skips the addresses added by trusted proxies and ignores what the client wrote', () => {
    const chain = { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.2' };
    expect(clientIp(headers(chain), 1)).toBe('203.0.113.9');
    expect(clientIp(headers(chain), 0)).toBe('10.0.0.2');
  });

  it('copes with a missing header', () => {
    expect(clientIp(headers({}), 0)).toBe('unknown');
  });
});

describe('allowedOrigins', () => {
  it('accepts the address the site was reached on and SITE_URL', () => {
    expect(
      allowedOrigins(headers({ host: 'localhost:3100', 'x-forwarded-proto': 'http' })),
    ).toEqual(['http://localhost:3000', 'http://localhost:3100']);
    expect(
      allowedOrigins(
        headers({
          'x-forwarded-host': 'agency.example',
          'x-forwarded-proto': 'https',
          host: '10.0.0.5:3000',
        }),
      ),
    ).toContain('https://agency.example');
  });
});
