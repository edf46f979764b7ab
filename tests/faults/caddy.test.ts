import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import http, { type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxBinary, startNginxFront } from '../../scripts/nginx-front.mjs';
import {
  freePort,
  newKey,
  root,
  startSite,
  waitUntil,
  watch,
  type Proc,
  type Site,
} from './support';

const caddyInstalled = spawnSync('caddy', ['version']).status === 0;
const host = 'agency.test';

/**
 * The public entry compose.yaml ships: deploy/caddy/Caddyfile run by Caddy in
 * front of deploy/nginx/ (the system's nginx) in front of a built server, as
 * compose chains them. Caddy reads the Caddyfile as start.sh sets it up for a
 * domain; only what a test machine cannot have is changed in the configuration
 * it makes: the ports (free ones), the certificate (Caddy's own local
 * authority instead of ACME), where it keeps its files, and nginx's address.
 */
describe.skipIf(!caddyInstalled || !nginxBinary)(
  'Caddy in front of nginx in front of the site (needs caddy and nginx)',
  () => {
    let dir: string;
    let site: Site;
    let proxy: Awaited<ReturnType<typeof startNginxFront>>;
    let caddy: Proc;
    let httpPort: number;
    let httpsPort: number;
    let ca: Buffer;

    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'agency-caddy-'));
      site = await startSite({ DATA_DIR: path.join(dir, 'data'), TRUSTED_PROXIES: '2' });
      const address = `127.0.0.1:${site.port}`;
      proxy = await startNginxFront({ port: await freePort(), upstreams: [address, address] });

      const env = {
        PATH: process.env.PATH,
        HOME: dir,
        XDG_DATA_HOME: path.join(dir, 'xdg-data'),
        XDG_CONFIG_HOME: path.join(dir, 'xdg-config'),
        SITE_ADDRESS: host,
        ACME_EMAIL_OPTION: '',
      };
      const adapted = spawnSync(
        'caddy',
        ['adapt', '--config', path.join(root, 'deploy/caddy/Caddyfile'), '--adapter', 'caddyfile'],
        { encoding: 'utf8', env },
      );
      expect(adapted.status, adapted.stderr).toBe(0);
      expect(adapted.stdout).toContain('"dial":"nginx:80"');
      httpPort = await freePort();
      httpsPort = await freePort();
      type Config = {
        admin?: unknown;
        storage?: unknown;
        apps: {
          http: {
            http_port?: number;
            https_port?: number;
            servers: Record<string, { listen: string[] }>;
          };
          tls?: { automation: { policies: { subjects: string[]; issuers: unknown[] }[] } };
          pki?: unknown;
        };
      };
      const config = JSON.parse(
        adapted.stdout.replaceAll('"dial":"nginx:80"', `"dial":"${new URL(proxy.url).host}"`),
      ) as Config;
      config.admin = { disabled: true };
      config.storage = { module: 'file_system', root: path.join(dir, 'caddy') };
      config.apps.http.http_port = httpPort;
      config.apps.http.https_port = httpsPort;
      for (const server of Object.values(config.apps.http.servers))
        server.listen = [`127.0.0.1:${httpsPort}`];
      config.apps.tls = {
        automation: { policies: [{ subjects: [host], issuers: [{ module: 'internal' }] }] },
      };
      // Never touch the machine's trust store.
      config.apps.pki = { certificate_authorities: { local: { install_trust: false } } };
      const configFile = path.join(dir, 'caddy.json');
      await writeFile(configFile, JSON.stringify(config));

      caddy = watch(
        spawn('caddy', ['run', '--config', configFile], { env, stdio: ['ignore', 'pipe', 'pipe'] }),
      );
      const rootCert = path.join(dir, 'caddy/pki/authorities/local/root.crt');
      await waitUntil('Caddy has made its local authority', () => existsSync(rootCert), 30_000);
      ca = await readFile(rootCert);
      await waitUntil(
        'Caddy answers over HTTPS',
        async () => (await request('GET', '/api/health')).status === 200,
        30_000,
      );
    }, 150_000);

    afterAll(async () => {
      await caddy?.kill('SIGTERM');
      await proxy?.stop();
      await site?.kill('SIGTERM');
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    type Answer = { status: number; headers: IncomingHttpHeaders; raw: string[]; body: string };
    /** A request over HTTPS (`secure`) or HTTP to `agency.test`, which resolves to this machine. */
    function request(
      method: string,
      pathname: string,
      {
        headers = {},
        body,
        secure = true,
      }: { headers?: Record<string, string>; body?: string; secure?: boolean } = {},
    ) {
      return new Promise<Answer>((resolve, reject) => {
        const options = {
          host: '127.0.0.1',
          port: secure ? httpsPort : httpPort,
          method,
          path: pathname,
          headers: { host: `${host}:${secure ? httpsPort : httpPort}`, ...headers },
        };
        const done = (response: http.IncomingMessage) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              headers: response.headers,
              raw: response.rawHeaders,
              body: text,
            }),
          );
        };
        const sent = secure
          ? https.request({ ...options, servername: host, ca }, done)
          : http.request(options, done);
        sent.on('error', reject);
        sent.end(body);
      });
    }
    const count = (answer: Answer, name: string) =>
      answer.raw.filter((_, i) => i % 2 === 0 && answer.raw[i]!.toLowerCase() === name).length;

    it('redirects HTTP to HTTPS for good', async () => {
      const answer = await request('GET', '/ru/blog?page=2', { secure: false });
      expect(answer.status).toBe(308);
      // To the standard HTTPS port, where compose publishes it; the address kept whole.
      const location = new URL(answer.headers.location!);
      expect(location.protocol).toBe('https:');
      expect(location.hostname).toBe(host);
      expect(location.pathname + location.search).toBe('/ru/blog?page=2');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    });

    it('answers over HTTPS with HSTS once, from the site and from the cache', async () => {
      for (const cache of ['MISS', 'HIT']) {
        const answer = await request('GET', '/ru/blog');
        expect(answer.status).toBe(200);
        expect(answer.headers['x-cache']).toBe(cache);
        expect(count(answer, 'strict-transport-security')).toBe(1);
        expect(answer.headers['strict-transport-security']).toBe(
          'max-age=31536000; includeSubDomains',
        );
        // The site's own headers and its page pass through untouched.
        expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
        expect(answer.body).toContain('<html lang="ru"');
      }
      // The site added HSTS itself: nginx told it the request came over HTTPS.
      const direct = await fetch(`${site.url}/ru`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(direct.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
    });

    it('passes brotli through as the site compressed it', async () => {
      const page = await request('GET', '/ru/contacts', { headers: { 'accept-encoding': 'br' } });
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
    });

    it("takes a form from the HTTPS origin and limits the visitor by Caddy's address for them", async () => {
      const token = (
        JSON.parse((await request('GET', '/api/leads/token')).body) as { token: string }
      ).token;
      const statuses: number[] = [];
      for (let n = 0; n < 8; n += 1) {
        const answer = await request('POST', '/api/leads', {
          headers: {
            'content-type': 'application/json',
            origin: `https://${host}:${httpsPort}`,
            // Each claims another address; Caddy drops it and writes the real one.
            'x-forwarded-for': `203.0.113.${n + 1}`,
          },
          body: JSON.stringify({
            language: 'en',
            method: 'email',
            contact: `visitor${n}@example.com`,
            consent: true,
            token,
            shownMs: 30_000,
            key: newKey(),
            page: '/en/contacts',
          }),
        });
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
      expect(statuses).toContain(429);
    });
  },
);
