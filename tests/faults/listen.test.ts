import { connect } from 'node:net';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { startSite, type Site } from './support';

/** Whether something accepts a TCP connection at this address and port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Whether this machine has an IPv6 loopback to try a second address on. */
function hasIpv6Loopback() {
  return Object.values(os.networkInterfaces())
    .flat()
    .some((address) => address?.address === '::1');
}

describe.skipIf(!hasIpv6Loopback())('the address npm start listens on', () => {
  let site: Site | undefined;
  afterEach(async () => {
    await site?.kill();
    site = undefined;
  });

  it('is HOSTNAME when it is set to an address: nothing answers on another one', async () => {
    site = await startSite({ HOSTNAME: '127.0.0.1' });
    expect(await accepts('127.0.0.1', site.port)).toBe(true);
    expect(await accepts('::1', site.port)).toBe(false);
  });

  it('is HOST, the older name, when HOSTNAME is only the machine name a shell or container sets', async () => {
    site = await startSite({ HOSTNAME: os.hostname(), HOST: '127.0.0.1' });
    expect(await accepts('127.0.0.1', site.port)).toBe(true);
    expect(await accepts('::1', site.port)).toBe(false);
  });

  it('is every interface when neither names one', async () => {
    site = await startSite({ HOSTNAME: os.hostname(), HOST: '' });
    expect(await accepts('127.0.0.1', site.port)).toBe(true);
    expect(await accepts('::1', site.port)).toBe(true);
  });
});
