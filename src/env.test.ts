import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshEnv(values: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  return (await import('./env')).env;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('SITE_URL', () => {
  it('is the local address on the port the server listens on when unset', async () => {
    expect((await freshEnv({ SITE_URL: undefined, PORT: '4100' })).SITE_URL).toBe(
      'http://localhost:4100',
    );
    expect((await freshEnv({ SITE_URL: undefined, PORT: undefined })).SITE_URL).toBe(
      'http://localhost:3000',
    );
    expect((await freshEnv({ SITE_URL: undefined, PORT: 'eighty' })).SITE_URL).toBe(
      'http://localhost:3000',
    );
  });

  it('is what it is set to, without a trailing slash, whatever the port', async () => {
    expect((await freshEnv({ SITE_URL: 'https://agency.example/', PORT: '4100' })).SITE_URL).toBe(
      'https://agency.example',
    );
  });

  it('stops with a message naming it when it is not an http(s) address', async () => {
    await expect(freshEnv({ SITE_URL: 'ftp://agency.example' })).rejects.toThrow(
      /SITE_URL must be an http\(s\) address/,
    );
  });
});
