/**
 * Runs deploy/nginx/ (the files compose.yaml mounts) with the system's nginx
 * in front of servers on this machine: the fault test and the benchmark use
 * it. The config files are used as they are, with three local substitutions:
 * the listening port, the cache directory, and the instances' addresses.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The nginx binary, or undefined when none is installed. */
export const nginxBinary = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((file) =>
  existsSync(file),
);

const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

/**
 * Starts nginx on 127.0.0.1:`port` in front of `upstreams` (host:port each,
 * one per instance compose names). Resolves once it answers `/api/health`.
 */
export async function startNginxFront({ port, upstreams }) {
  if (!nginxBinary) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const dir = await mkdtemp(path.join(tmpdir(), 'agency-nginx-'));
  const site = (await readFile(path.join(root, 'deploy/nginx/site.conf'), 'utf8'))
    .replace('/var/cache/nginx/agency', path.join(dir, 'cache'))
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(/listen \[::\]:80;/, '');
  if (!site.includes(`listen 127.0.0.1:${port};`))
    throw new Error('deploy/nginx/site.conf: no "listen 80;" to run it locally');
  let upstream = await readFile(path.join(root, 'deploy/nginx/upstream.conf'), 'utf8');
  upstreams.forEach((address, index) => {
    upstream = upstream.replace(`site-${index + 1}:3000`, address);
  });
  if (/site-\d:3000/.test(upstream))
    throw new Error('deploy/nginx/upstream.conf names more instances than were given');
  await writeFile(path.join(dir, 'site.conf'), site);
  await writeFile(path.join(dir, 'upstream.conf'), upstream);
  for (const temp of temps) await mkdir(path.join(dir, temp), { recursive: true });
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes auto;',
      // Started by root, nginx would run its workers as nobody, who cannot use this directory.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      ...temps.map((temp) => `  ${temp}_temp_path ${dir}/${temp};`),
      `  include ${dir}/upstream.conf;`,
      `  include ${dir}/site.conf;`,
      '}',
    ].join('\n'),
  );
  const child = spawn(nginxBinary, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
