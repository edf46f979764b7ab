import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEnvSchema } from '@/server/env';
import { nginxBinary, startNginxFront } from '../../scripts/nginx-front.mjs';

/**
 * The shipped deployment: compose.yaml, deploy/caddy/, deploy/nginx/ and the
 * deploy workflow. What can be proven without Docker is proven here from the
 * files (compose's own interpolation rules applied to compose.yaml); Docker's
 * `docker compose config`, `caddy` and nginx check the same files where they
 * are installed, and the tests that need them say so in their names when
 * they are skipped.
 */

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

type Env = Record<string, string | undefined>;

class MissingVariable extends Error {}

/**
 * Compose's interpolation of one string: `$VAR`, `${VAR}`, `${VAR:-default}`,
 * `${VAR-default}`, `${VAR:?error}`, `${VAR?error}`, `${VAR:+replacement}`,
 * `${VAR+replacement}`, nested in one another, and `$$` for a dollar sign.
 */
function interpolate(text: string, env: Env): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char !== '$') {
      out += char;
      i += 1;
    } else if (text[i + 1] === '$') {
      out += '$';
      i += 2;
    } else if (text[i + 1] === '{') {
      let depth = 1;
      let end = i + 2;
      for (; end < text.length && depth > 0; end += 1) {
        if (text[end] === '{') depth += 1;
        else if (text[end] === '}') depth -= 1;
      }
      if (depth > 0) throw new Error(`unclosed \${ in ${text}`);
      out += expand(text.slice(i + 2, end - 1), env);
      i = end;
    } else {
      const name = /^[A-Za-z_]\w*/.exec(text.slice(i + 1))?.[0];
      out += name ? (env[name] ?? '') : '$';
      i += 1 + (name?.length ?? 0);
    }
  }
  return out;
}

function expand(body: string, env: Env): string {
  const match = /^([A-Za-z_]\w*)(?:(:?[-?+])([\s\S]*))?$/.exec(body);
  if (!match) throw new Error(`not an interpolation compose understands: \${${body}}`);
  const [, name, operator, argument = ''] = match;
  const value = env[name!];
  const set = value !== undefined;
  const given = set && value !== '';
  switch (operator) {
    case undefined:
      return value ?? '';
    case ':-':
      return given ? value : interpolate(argument, env);
    case '-':
      return set ? value : interpolate(argument, env);
    case ':+':
      return given ? interpolate(argument, env) : '';
    case '+':
      return set ? interpolate(argument, env) : '';
    default:
      if (operator === ':?' ? !given : !set)
        throw new MissingVariable(`${name}: ${interpolate(argument, env)}`);
      return value!;
  }
}

/** Every value of a parsed YAML tree interpolated, as compose does before it reads the file. */
function interpolateTree(node: unknown, env: Env): unknown {
  if (typeof node === 'string') return interpolate(node, env);
  if (Array.isArray(node)) return node.map((item) => interpolateTree(item, env));
  if (node && typeof node === 'object')
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, interpolateTree(value, env)]),
    );
  return node;
}

type Service = {
  image?: string;
  command?: string[];
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string | null>;
  build?: { args?: Record<string, string> };
  healthcheck?: { disable?: boolean; test?: unknown };
  depends_on?: string[] | Record<string, { condition: string }>;
  stop_grace_period?: string;
};
type Compose = { services: Record<string, Service>; volumes: Record<string, unknown> };

const composeText = read('compose.yaml');
const composeRaw = yaml.load(composeText) as Compose;
const compose = (env: Env) => interpolateTree(composeRaw, env) as Compose;
const password = 'c0ffee0123456789c0ffee0123456789';

/** Every `${NAME…}` in the file, nested ones too, with the operator it is read with. */
const references = [...composeText.matchAll(/\$\{([A-Za-z_]\w*)(:?[-?+])?/g)].map(
  ([, name, operator]) => ({ name: name!, operator: operator ?? '' }),
);

describe('compose.yaml', () => {
  it('refuses to start without POSTGRES_PASSWORD and gives no secret a default', () => {
    const passwordReads = references.filter(({ name }) => name === 'POSTGRES_PASSWORD');
    // The database's own setting and the instances' DATABASE_URL.
    expect(passwordReads.length).toBeGreaterThanOrEqual(2);
    expect(passwordReads.every(({ operator }) => operator === ':?')).toBe(true);
    // PUBLIC_ settings are compiled into the browser's code, so never secrets.
    const secret = /^(?!PUBLIC_)\w*(PASSWORD|SECRET|TOKEN|DSN|WEBHOOK_URL|SMTP_URL|CLIENT_ID)/;
    const defaulted = references.filter(
      ({ name, operator }) => secret.test(name) && (operator === ':-' || operator === '-'),
    );
    expect(defaulted).toEqual([]);
    expect(composeText).not.toMatch(/POSTGRES_PASSWORD:-|postgres:\/\/\w+:\w+@/);

    expect(() => compose({})).toThrow(MissingVariable);
    expect(() => compose({})).toThrow(/POSTGRES_PASSWORD is required/);
    expect(() => compose({ POSTGRES_PASSWORD: '' })).toThrow(/POSTGRES_PASSWORD is required/);
    const services = compose({ POSTGRES_PASSWORD: password }).services;
    expect(services.db!.environment!.POSTGRES_PASSWORD).toBe(password);
    expect(services['site-1']!.environment!.DATABASE_URL).toBe(
      `postgres://agency:${password}@db:5432/agency`,
    );
  });

  it('makes SITE_URL https://SITE_DOMAIN, a local address without one, and SITE_URL when given', () => {
    const siteUrls = (env: Env) => {
      const { services } = compose({ POSTGRES_PASSWORD: password, ...env });
      const urls = new Set([
        services['site-1']!.environment!.SITE_URL,
        services.worker!.environment!.SITE_URL,
        services['site-1']!.build!.args!.SITE_URL,
        services.caddy!.environment!.SITE_URL,
      ]);
      expect(urls.size).toBe(1);
      return [...urls][0];
    };
    expect(siteUrls({ SITE_DOMAIN: 'agency.example.com' })).toBe('https://agency.example.com');
    expect(siteUrls({})).toBe('http://localhost');
    expect(siteUrls({ HTTP_PORT: '8080' })).toBe('http://localhost:8080');
    expect(
      siteUrls({ SITE_DOMAIN: 'agency.example.com', SITE_URL: 'https://www.example.com' }),
    ).toBe('https://www.example.com');
  });

  it('publishes ports from Caddy alone, in front of nginx, in front of the instances', () => {
    const { services, volumes } = compose({ POSTGRES_PASSWORD: password });
    const publishing = Object.entries(services)
      .filter(([, service]) => service.ports?.length)
      .map(([name]) => name);
    expect(publishing).toEqual(['caddy']);
    const caddy = services.caddy!;
    expect(caddy.image).toBe('caddy:2');
    expect(caddy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(caddy.volumes).toEqual(
      expect.arrayContaining([
        './deploy/caddy/Caddyfile:/etc/caddy/Caddyfile:ro',
        './deploy/caddy/start.sh:/etc/caddy/start.sh:ro',
        'caddy-data:/data',
      ]),
    );
    expect(caddy.command).toEqual(['sh', '/etc/caddy/start.sh']);
    expect(caddy.depends_on).toEqual(['nginx']);
    expect(Object.keys(volumes)).toEqual(expect.arrayContaining(['caddy-data', 'caddy-config']));
    expect(services.nginx!.volumes).toEqual(
      expect.arrayContaining(['./deploy/nginx/site.conf:/etc/nginx/conf.d/default.conf:ro']),
    );
    expect(
      compose({ POSTGRES_PASSWORD: password, HTTP_PORT: '8080' }).services.caddy!.ports,
    ).toContain('8080:80');
    // The instances count Caddy and nginx, each of which appends to X-Forwarded-For.
    expect(services['site-1']!.environment!.TRUSTED_PROXIES).toBe('2');
  });

  it('runs a daily backup with a retention count, on the database the site uses', () => {
    const { services } = compose({ POSTGRES_PASSWORD: password });
    const backup = services.backup!;
    expect(backup.command).toEqual([
      'node',
      'dist/backup.mjs',
      '--dir',
      '/backups',
      '--keep',
      '14',
      '--every-hours',
      '24',
    ]);
    expect(backup.volumes).toEqual(['backups:/backups']);
    expect(backup.image).toBe(services['site-1']!.image);
    expect(backup.environment!.DATABASE_URL).toBe(services['site-1']!.environment!.DATABASE_URL);
    expect(backup.depends_on).toEqual({ migrate: { condition: 'service_completed_successfully' } });
    expect(backup.healthcheck).toEqual({ disable: true });

    const chosen = compose({
      POSTGRES_PASSWORD: password,
      BACKUP_KEEP: '30',
      BACKUP_DIR: '/srv/agency-backups',
    }).services.backup!;
    expect(chosen.command).toContain('30');
    expect(chosen.volumes).toEqual(['/srv/agency-backups:/backups']);
    // The image lets its unprivileged user write there (a new volume takes the folder's owner).
    expect(read('Dockerfile')).toMatch(
      /mkdir -p [^\n]*\/backups[^\n]*chown site:site[^\n]*\/backups/,
    );
  });

  it("hands the instances every setting the site's schema reads", () => {
    const { services } = compose({ POSTGRES_PASSWORD: password });
    const environment = services['site-1']!.environment!;
    // DATA_DIR is the embedded database's folder: compose runs PostgreSQL.
    const notInCompose = new Set(['DATA_DIR']);
    const missing = Object.keys(serverEnvSchema.shape).filter(
      (name) => !notInCompose.has(name) && !(name in environment),
    );
    expect(missing).toEqual([]);
    expect(environment.ALERT_AFTER_MINUTES).toBe('15');
    expect(environment).toHaveProperty('SENTRY_DSN');
    expect(environment).toHaveProperty('SENTRY_ENVIRONMENT');
    expect(environment.OUTBOX_WORKER).toBe('off');
    // Listed without a value: passed on when set, left to the site's default when not.
    expect(environment.TELEGRAM_BOT_TOKEN).toBeNull();
    expect(environment.SENTRY_DSN).toBeNull();
  });

  it('keeps the grace periods, health checks and start order sound', () => {
    const { services } = compose({ POSTGRES_PASSWORD: password });
    const graceSeconds = (service: Service) =>
      Number(/^(\d+)s$/.exec(service.stop_grace_period!)?.[1]);
    for (const name of ['site-1', 'site-2', 'worker', 'backup', 'migrate', 'nginx', 'caddy'])
      expect(graceSeconds(services[name]!), name).toBeGreaterThanOrEqual(10);
    // Only the instances serve HTTP: the others would fail the image's check on /api/health.
    for (const name of ['migrate', 'worker', 'backup'])
      expect(services[name]!.healthcheck, name).toEqual({ disable: true });
    for (const name of ['site-1', 'site-2']) expect(services[name]!.healthcheck).toBeUndefined();
    expect(read('Dockerfile')).toMatch(/HEALTHCHECK[\s\S]*\/api\/health/);
    expect(services.db!.healthcheck!.test).toBeDefined();
    expect(services.migrate!.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    for (const name of ['site-1', 'site-2', 'worker', 'backup'])
      expect(services[name]!.depends_on, name).toEqual({
        migrate: { condition: 'service_completed_successfully' },
      });
    expect(services.nginx!.depends_on).toEqual({
      'site-1': { condition: 'service_healthy' },
      'site-2': { condition: 'service_healthy' },
    });
    for (const [name, service] of Object.entries(services)) {
      const needs = Array.isArray(service.depends_on)
        ? service.depends_on
        : Object.keys(service.depends_on ?? {});
      for (const need of needs) expect(services, `${name} needs ${need}`).toHaveProperty(need);
    }
  });

  const dockerCompose =
    spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0;
  it.skipIf(!dockerCompose)(
    '`docker compose config` fails without POSTGRES_PASSWORD and passes with it (needs Docker with its compose plugin)',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'agency-compose-'));
      try {
        // An empty env file, so that a .env beside compose.yaml does not answer for the shell.
        const envFile = path.join(dir, 'empty.env');
        writeFileSync(envFile, '');
        const shell = { ...process.env };
        delete shell.POSTGRES_PASSWORD;
        const config = (env: Env) =>
          spawnSync(
            'docker',
            ['compose', '--env-file', envFile, '-f', 'compose.yaml', 'config', '--quiet'],
            { cwd: root, encoding: 'utf8', env: { ...shell, ...env } },
          );
        const without = config({});
        expect(without.status).not.toBe(0);
        expect(without.stderr).toContain('POSTGRES_PASSWORD is required');
        const withIt = config({ POSTGRES_PASSWORD: password, SITE_DOMAIN: 'agency.example.com' });
        expect(withIt.stderr).toBe('');
        expect(withIt.status).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('deploy/caddy', () => {
  const caddyfile = read('deploy/caddy/Caddyfile');
  let bin: string;

  beforeAll(() => {
    // A stand-in for the caddy binary that prints what start.sh hands it.
    bin = mkdtempSync(path.join(tmpdir(), 'agency-caddy-bin-'));
    writeFileSync(
      path.join(bin, 'caddy'),
      '#!/bin/sh\nprintf \'%s\\n\' "SITE_ADDRESS=$SITE_ADDRESS" "ACME_EMAIL_OPTION=$ACME_EMAIL_OPTION" "ARGS=$*"\n',
    );
    chmodSync(path.join(bin, 'caddy'), 0o755);
  });
  afterAll(() => rmSync(bin, { recursive: true, force: true }));

  const start = (env: Env) =>
    spawnSync('sh', [path.join(root, 'deploy/caddy/start.sh')], {
      encoding: 'utf8',
      env: { PATH: `${bin}:/usr/bin:/bin`, ...env },
    });

  it('serves SITE_DOMAIN over HTTPS, and a local trial over plain HTTP', () => {
    const domain = start({ SITE_DOMAIN: 'agency.example.com', ACME_EMAIL: 'ops@example.com' });
    expect(domain.status).toBe(0);
    expect(domain.stdout).toContain('SITE_ADDRESS=agency.example.com\n');
    expect(domain.stdout).toContain('ACME_EMAIL_OPTION=email ops@example.com\n');
    expect(domain.stdout).toContain('ARGS=run --config /etc/caddy/Caddyfile --adapter caddyfile\n');
    const noEmail = start({ SITE_DOMAIN: 'agency.example.com' });
    expect(noEmail.stdout).toContain('ACME_EMAIL_OPTION=\n');

    for (const SITE_DOMAIN of [undefined, '', 'localhost']) {
      const local = start(SITE_DOMAIN === undefined ? {} : { SITE_DOMAIN });
      expect(local.status, SITE_DOMAIN).toBe(0);
      expect(local.stdout, SITE_DOMAIN).toContain('SITE_ADDRESS=http://\n');
      expect(local.stdout).toContain('local trial');
    }
    // SITE_DOMAIN=localhost still makes compose's SITE_URL https://localhost: said once, at start.
    expect(start({ SITE_DOMAIN: 'localhost', SITE_URL: 'https://localhost' }).stderr).toContain(
      'SITE_URL is https://localhost',
    );
  });

  it('refuses a SITE_DOMAIN that is not a host name, and a malformed ACME_EMAIL', () => {
    for (const SITE_DOMAIN of [
      'https://agency.example.com',
      'agency.example.com:8443',
      'agency.example.com/site',
      'agency example.com',
      'agency',
    ]) {
      const refused = start({ SITE_DOMAIN });
      expect(refused.status, SITE_DOMAIN).toBe(2);
      expect(refused.stderr).toContain('SITE_DOMAIN must be a host name');
      expect(refused.stdout).not.toContain('ARGS=');
    }
    const email = start({ SITE_DOMAIN: 'agency.example.com', ACME_EMAIL: 'not an address' });
    expect(email.status).toBe(2);
    expect(email.stderr).toContain('ACME_EMAIL must be an e-mail address');
  });

  it('keeps the redirect to HTTPS on, sets HSTS on HTTPS and proxies to nginx', () => {
    expect(caddyfile).toMatch(/^\{\$SITE_ADDRESS\} \{$/m);
    expect(caddyfile).toMatch(/^\t\{\$ACME_EMAIL_OPTION\}$/m);
    // Caddy redirects HTTP to HTTPS for every domain it serves unless told otherwise.
    expect(caddyfile).not.toMatch(/^\s*auto_https\b|disable_redirects/m);
    expect(caddyfile).toMatch(/@https protocol https/);
    expect(caddyfile).toMatch(
      /header @https \{\s*Strict-Transport-Security "max-age=31536000; includeSubDomains"[\s\S]*?\bdefer\b[\s\S]*?\}/,
    );
    expect(caddyfile).toMatch(/^\treverse_proxy nginx:80$/m);
    expect(caddyfile).not.toMatch(/^\s*encode\b/m);
  });

  const caddy = spawnSync('caddy', ['version'], { encoding: 'utf8' }).status === 0;
  describe.skipIf(!caddy)('checked by caddy (needs caddy: apt-get install caddy)', () => {
    let home: string;
    beforeAll(() => {
      home = mkdtempSync(path.join(tmpdir(), 'agency-caddy-home-'));
    });
    afterAll(() => rmSync(home, { recursive: true, force: true }));

    const caddyEnv = (env: Env) => ({
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_CONFIG_HOME: path.join(home, 'config'),
      ...env,
    });
    const adapt = (env: Env) => {
      const result = spawnSync(
        'caddy',
        ['adapt', '--config', path.join(root, 'deploy/caddy/Caddyfile'), '--adapter', 'caddyfile'],
        { encoding: 'utf8', env: caddyEnv(env) },
      );
      expect(result.status, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as {
        apps: {
          http: { servers: Record<string, { listen: string[]; automatic_https?: unknown }> };
          tls?: {
            automation: { policies: { subjects: string[]; issuers: { email?: string }[] }[] };
          };
        };
      };
    };

    it('adapts: a certificate for the domain on 443, with HSTS; plain HTTP on 80 for a trial', () => {
      const domain = adapt({
        SITE_ADDRESS: 'agency.example.com',
        ACME_EMAIL_OPTION: 'email ops@example.com',
      });
      const [server] = Object.values(domain.apps.http.servers);
      expect(server!.listen).toEqual([':443']);
      expect(server!.automatic_https).toBeUndefined();
      const policy = domain.apps.tls!.automation.policies[0]!;
      expect(policy.subjects).toEqual(['agency.example.com']);
      expect(policy.issuers.map((issuer) => issuer.email)).toContain('ops@example.com');
      const text = JSON.stringify(domain);
      expect(text).toContain('"deferred":true');
      expect(text).toContain('"Strict-Transport-Security":["max-age=31536000; includeSubDomains"]');
      expect(text).toContain('"protocol":"https"');
      expect(text).toContain('"dial":"nginx:80"');

      const local = adapt({ SITE_ADDRESS: 'http://', ACME_EMAIL_OPTION: '' });
      expect(Object.values(local.apps.http.servers)[0]!.listen).toEqual([':80']);
      expect(local.apps.tls).toBeUndefined();
    });

    it('validates both ways', () => {
      for (const env of [
        { SITE_ADDRESS: 'agency.example.com', ACME_EMAIL_OPTION: 'email ops@example.com' },
        { SITE_ADDRESS: 'http://', ACME_EMAIL_OPTION: '' },
      ]) {
        const result = spawnSync(
          'caddy',
          [
            'validate',
            '--config',
            path.join(root, 'deploy/caddy/Caddyfile'),
            '--adapter',
            'caddyfile',
          ],
          { encoding: 'utf8', env: caddyEnv(env) },
        );
        expect(result.status, result.stderr).toBe(0);
      }
    });
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('deploy/nginx/site.conf', () => {
  const conf = read('deploy/nginx/site.conf');

  it('passes on the protocol the proxy in front reports and keys its cache by it', () => {
    expect(conf).toMatch(/proxy_set_header X-Forwarded-Proto \$forwarded_proto;/);
    expect(conf).toMatch(
      /map \$http_x_forwarded_proto \$forwarded_proto \{[^}]*https https;[^}]*\}/,
    );
    expect(conf).toMatch(/proxy_cache_key "\$forwarded_proto/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
  });

  describe.skipIf(!nginxBinary)('run by nginx (needs nginx: apt-get install nginx-light)', () => {
    let upstream: http.Server;
    let proxy: Awaited<ReturnType<typeof startNginxFront>>;

    beforeAll(async () => {
      // Stands in for an instance: answers with the headers it was sent.
      upstream = http.createServer((request, response) => {
        response.writeHead(200, {
          'content-type': 'application/json',
          'cache-control': 'no-store',
        });
        response.end(JSON.stringify(request.headers));
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      const address = `127.0.0.1:${(upstream.address() as { port: number }).port}`;
      proxy = await startNginxFront({ port: await freePort(), upstreams: [address, address] });
    }, 30_000);

    afterAll(async () => {
      await proxy?.stop();
      await new Promise((resolve) => upstream?.close(resolve));
    });

    /** The headers the instance got for a request with these (Host included: fetch() cannot set it). */
    const seen = (headers: Record<string, string>) =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const { hostname, port } = new URL(proxy.url);
        http
          .get({ hostname, port, path: '/api/echo', headers }, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve(JSON.parse(body) as Record<string, string>));
          })
          .on('error', reject);
      });

    it("hands the instance Caddy's protocol and the client's address before Caddy's", async () => {
      const behindCaddy = await seen({
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '198.51.100.7',
        'x-forwarded-host': 'agency.example.com',
        host: 'agency.example.com',
      });
      expect(behindCaddy['x-forwarded-proto']).toBe('https');
      // What Caddy wrote, then the address nginx saw (Caddy's): TRUSTED_PROXIES=2 reads the first.
      expect(behindCaddy['x-forwarded-for']).toBe('198.51.100.7, 127.0.0.1');
      expect(behindCaddy['x-forwarded-host']).toBe('agency.example.com');
      expect(behindCaddy['x-request-id']).toMatch(/^[0-9a-f]{32}$/);

      expect((await seen({}))['x-forwarded-proto']).toBe('http');
      expect((await seen({ 'x-forwarded-proto': 'gopher' }))['x-forwarded-proto']).toBe('http');
    });
  });
});

describe('.github/workflows/deploy.yml', () => {
  type Step = { uses?: string; run?: string; if?: string; with?: Record<string, unknown> };
  type Job = {
    needs?: string | string[];
    permissions?: Record<string, string>;
    services?: Record<string, unknown>;
    env?: Record<string, unknown>;
    steps: Step[];
  };
  const workflowText = read('.github/workflows/deploy.yml');
  const workflow = yaml.load(workflowText) as {
    on: { push: { branches: string[]; tags: string[] } };
    jobs: Record<string, Job>;
  };
  const jobs = Object.values(workflow.jobs);
  const tagOnly = "${{ startsWith(github.ref, 'refs/tags/v') }}";

  it('runs on pushes to main and on tags v*', () => {
    expect(workflow.on.push.branches).toContain('main');
    expect(workflow.on.push.tags).toContain('v*');
  });

  it('installs what .ci/run installs and runs npm ci and npm test', () => {
    const test = jobs.find((job) => job.steps.some((step) => step.run?.trim() === 'npm test'));
    expect(test).toBeDefined();
    const runs = test!.steps.map((step) => step.run ?? '').join('\n');
    expect(runs).toMatch(/npm ci\b/);
    expect(runs).toMatch(/apt-get install[^\n]*\bchromium\b[^\n]*\bnginx-light\b/);
    const node = test!.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(String(node?.with?.['node-version'])).toBe('24');
    expect(Object.keys(test!.services ?? {})).toContain('postgres');
    expect(String(test!.env?.TEST_DATABASE_URL)).toMatch(/^postgres:\/\/postgres@postgres:5432\//);
  });

  it('builds the image after the tests and pushes it to ghcr.io on a tag only', () => {
    const image = jobs.find((job) =>
      job.steps.some((step) => step.uses?.startsWith('docker/build-push-action@')),
    )!;
    expect([image.needs].flat()).toContain('test');
    expect(image.permissions).toEqual({ contents: 'read', packages: 'write' });
    const build = image.steps.find((step) => step.uses?.startsWith('docker/build-push-action@'))!;
    expect(build.with!.push).toBe(tagOnly);
    expect(build.with!['cache-from']).toBe('type=gha');
    expect(String(build.with!['build-args'])).toMatch(/^SITE_URL=/m);
    expect(String(build.with!['build-args'])).toContain('BUILD_ID=${{ github.sha }}');
    const login = image.steps.find((step) => step.uses?.startsWith('docker/login-action@'))!;
    expect(login.if).toBe("startsWith(github.ref, 'refs/tags/v')");
    expect(login.with!.registry).toBe('ghcr.io');
    const meta = image.steps.find((step) => step.uses?.startsWith('docker/metadata-action@'))!;
    expect(meta.with!.images).toBe('ghcr.io/${{ github.repository }}');
    expect(String(meta.with!.tags)).toContain('type=ref,event=tag');
    expect(String(meta.with!.tags)).toContain(`type=raw,value=latest,enable=${tagOnly}`);
    // Nothing else in the workflow pushes or logs in.
    expect(workflowText.match(/push: /g)).toHaveLength(1);
  });

  it('pins every action to a major version', () => {
    const uses = jobs.flatMap((job) => job.steps.flatMap((step) => step.uses ?? []));
    expect(uses.length).toBeGreaterThanOrEqual(6);
    for (const action of uses) expect(action).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
  });
});

describe('.gitignore', () => {
  it('keeps .env files out and .env.example in', () => {
    const lines = read('.gitignore').split('\n');
    expect(lines).toContain('.env');
    expect(lines.indexOf('!.env.example')).toBeGreaterThan(lines.indexOf('.env.*'));
    expect(existsSync(path.join(root, '.env.example'))).toBe(true);
  });
});
