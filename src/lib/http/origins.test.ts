import { describe, expect, it } from 'vitest';
import { allowedOrigins } from './origins';

const headers = (values: Record<string, string>) => ({
  get: (name: string) => values[name] ?? null,
});

describe('allowedOrigins', () => {
  it('accepts the address the site was reached on and SITE_URL', () => {
    expect(
      allowedOrigins(
        headers({ host: 'localhost:3100', 'x-forwarded-proto': 'http' }),
        'http://localhost:3000',
      ),
    ).toEqual(['http://localhost:3000', 'http://localhost:3100']);
    expect(
      allowedOrigins(
        headers({
          'x-forwarded-host': 'agency.example',
          'x-forwarded-proto': 'https',
          host: '10.0.0.5:3000',
        }),
        'https://agency.example',
      ),
    ).toEqual(['https://agency.example']);
  });
});
