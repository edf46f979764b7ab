import { describe, expect, it } from 'vitest';
import { listenAddress } from '@/server/http/listen-address';

describe('listenAddress', () => {
  const machine = 'build-7f3c2a';
  it('is HOSTNAME, the name Node servers commonly read', () => {
    expect(listenAddress({ HOSTNAME: '127.0.0.1' }, machine)).toBe('127.0.0.1');
    expect(listenAddress({ HOSTNAME: '0.0.0.0', HOST: '127.0.0.1' }, machine)).toBe('0.0.0.0');
  });
  it('reads HOST when HOSTNAME is unset or only the machine name shells and containers put there', () => {
    expect(listenAddress({ HOST: '127.0.0.1' }, machine)).toBe('127.0.0.1');
    expect(listenAddress({ HOSTNAME: machine, HOST: '::1' }, machine)).toBe('::1');
  });
  it('is every interface otherwise', () => {
    expect(listenAddress({}, machine)).toBe('::');
    expect(listenAddress({ HOSTNAME: machine }, machine)).toBe('::');
    expect(listenAddress({ HOSTNAME: ' ', HOST: '' }, machine)).toBe('::');
  });
});
