import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * `npm run redirects -- check` as an operator runs it: the list in a file,
 * checked against the pages the content makes, or against a build.
 */

const root = process.cwd();
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'redirects-cli-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

type Run = { code: number | null; stdout: string; stderr: string };

/** The command as package.json runs it. */
function check(...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/tsx/dist/cli.mjs'),
        '--conditions=react-server',
        'scripts/redirects.mts',
        ...args,
      ],
      { cwd: root, env: { ...process.env, NODE_ENV: 'production' } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A list written to a scratch file, as YAML. */
async function list(name: string, entries: string): Promise<string> {
  const file = path.join(scratch, `${name}.yaml`);
  await writeFile(file, `redirects:\n${entries}`);
  return file;
}

// Each run is a process of its own (a second or so, more on a busy machine): they run side by side.
describe.concurrent('npm run redirects -- check', { timeout: 30_000 }, () => {
  it('passes the list that ships, and a clean one, with exit 0', async () => {
    const shipped = await check('check');
    expect(shipped.stdout).toMatch(
      /^content\/redirects\/index\.yaml: \d+ redirect\(s\), no problems/,
    );
    expect(shipped.code).toBe(0);

    const clean = await list(
      'clean',
      [
        '  - from: /uslugi/seo',
        '    to: /kz/services/seo',
        '    note: Tilda',
        '  - from: /?p=123',
        '    to: /ua/blog/trigger-emails',
        '  - from: /wp-content/uploads/*',
        '    to: https://files.example.kz/uploads/*',
        '',
      ].join('\n'),
    );
    const run = await check('check', '--file', clean);
    expect(run.stdout).toContain('3 redirect(s), no problems');
    expect(run.code).toBe(0);
  });

  it('lists a loop, a chain, a missing target, a duplicate and a malformed entry, with exit 1', async () => {
    const bad = await list(
      'bad',
      [
        '  - from: /a',
        '    to: /b',
        '  - from: /b',
        '    to: /a',
        '  - from: /c',
        '    to: /d',
        '  - from: /d',
        '    to: /ru/contacts',
        '  - from: /old-price',
        '    to: /ru/price-list',
        '  - from: /d/',
        '    to: /en/contacts',
        '  - from: uslugi',
        '    to: /ru',
        '  - from: /services/seo',
        '    to: /ru/services/seo',
        '',
      ].join('\n'),
    );
    const run = await check('check', '--file', bad);
    expect(run.code).toBe(1);
    for (const problem of [
      'redirects.6.from (uslugi): is a path of the old site, starting with /',
      'redirects.0, redirects.1: a loop, /a → /b → /a, which never arrives',
      'redirects.2 (/c → /d): a chain, /c → /d → /ru/contacts: each hop costs search engines one; point /c at /ru/contacts directly',
      'redirects.4 (/old-price → /ru/price-list): this site has no page at /ru/price-list',
      'redirects.5 (/d/ → /en/contacts): a duplicate: redirects.3 already redirects /d',
      'redirects.7 (/services/seo → /ru/services/seo): /services/seo is an address of this site, which the redirect would hide',
    ])
      expect(run.stdout).toContain(problem);
  });

  it('checks against a build when given one', async () => {
    const client = path.join(scratch, 'dist/client');
    await mkdir(path.join(client, 'ru'), { recursive: true });
    await writeFile(path.join(client, 'ru/contacts.html'), '<!doctype html>');
    await writeFile(path.join(client, 'ru.html'), '<!doctype html>');
    const file = await list(
      'against-build',
      [
        '  - from: /kontakty',
        '    to: /ru/contacts',
        '  - from: /uslugi',
        '    to: /ru/services',
        '',
      ].join('\n'),
    );
    const run = await check('check', '--dist', path.join(scratch, 'dist'), '--file', file);
    expect(run.stdout).toContain('checked against the build in');
    expect(run.stdout).toContain(
      'redirects.1 (/uslugi → /ru/services): this site has no page at /ru/services',
    );
    expect(run.stdout).not.toContain('redirects.0');
    expect(run.code).toBe(1);
  });

  it('says what is wrong with the command, with exit 2', async () => {
    const cases: [string[], string][] = [
      [[], 'Say what to do.'],
      [['chek'], 'Unknown command "chek".'],
      [['check', '--fast'], "Unknown option '--fast'"],
      [['check', '--file', path.join(scratch, 'none.yaml')], 'There is no file'],
      [['check', '--dist', path.join(scratch, 'no-build')], 'There is no build at'],
    ];
    const runs = await Promise.all(cases.map(([args]) => check(...args)));
    for (const [index, [args, message]] of cases.entries()) {
      const run = runs[index]!;
      expect(run.stderr, args.join(' ')).toContain(message);
      expect(run.stderr).toContain('Usage:');
      expect(run.code, args.join(' ')).toBe(2);
    }
  });
});
