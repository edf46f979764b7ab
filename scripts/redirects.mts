/**
 * The redirects from the old site (content/redirects/index.yaml, docs/redirects.md):
 *
 *   npm run redirects -- check                 against the pages the content makes, in every language
 *   npm run redirects -- check --dist DIR      against a build (DIR, or DIR/client)
 *   npm run redirects -- check --file FILE     another list than content/redirects/index.yaml
 *
 * Lists every problem (an entry that is not well formed, a duplicate, an old
 * address that is one of the site's own, a target that is not a page, a loop,
 * a chain) and exits 1, or says the list is clean and exits 0. A wrong
 * command or option: a sentence on stderr and exit 2. The build and the
 * server's start run the same check.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const usage = `Usage:
  npm run redirects -- check [--dist DIR] [--file FILE]
    --dist DIR   check the targets against a build (dist, or dist/client) instead of the content
    --file FILE  check this list instead of content/redirects/index.yaml`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: { dist: { type: 'string' }, file: { type: 'string' } },
  });
} catch (error) {
  fail((error as Error).message);
}
const [command, ...extra] = args.positionals;
if (command !== 'check') fail(command ? `Unknown command "${command}".` : 'Say what to do.');
if (extra.length > 0) fail(`Unexpected "${extra.join(' ')}".`);

const isDir = (dir: string) => existsSync(dir) && statSync(dir).isDirectory();
let client: string | undefined;
if (args.values.dist !== undefined) {
  const dist = path.resolve(args.values.dist);
  client = isDir(path.join(dist, 'client')) ? path.join(dist, 'client') : dist;
  if (!isDir(client))
    fail(`There is no build at ${args.values.dist}: run \`npm run build\` first.`);
}
const file = args.values.file === undefined ? undefined : path.resolve(args.values.file);
if (file !== undefined && !existsSync(file)) fail(`There is no file ${args.values.file}.`);

// Checked as a production build makes the site: a draft is no page to send anyone to.
process.env.NODE_ENV ??= 'production';
const { listProblems, readRedirectList, redirectsFile } =
  await import('../src/server/content/redirects');
const { builtAddresses, siteAddresses } = await import('../src/server/http/redirects-check');
const site = client
  ? siteAddresses(builtAddresses(client))
  : await (await import('../src/server/content/redirects-site')).contentSiteAddresses();

const list = file ?? redirectsFile;
const name = path.relative(process.cwd(), list).split(path.sep).join('/');
if (!existsSync(list)) {
  console.log(`${name}: no redirect list, nothing to check.`);
  process.exit(0);
}
const redirects = readRedirectList(list);
const problems = listProblems(redirects, site);
const against = client
  ? `the build in ${path.relative(process.cwd(), client) || '.'}`
  : 'the pages of the content in every language';
if (problems.length === 0) {
  console.log(
    `${name}: ${redirects.redirects.length} redirect(s), no problems (checked against ${against}).`,
  );
  process.exit(0);
}
console.log(
  `${name}: ${problems.length} problem(s) (checked against ${against}):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
);
process.exit(1);
