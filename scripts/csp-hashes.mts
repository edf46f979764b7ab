/**
 * After `next build`: gives each prerendered page a Content-Security-Policy
 * `<meta>` tag that lists the SHA-256 of each of its inline scripts, so that
 * no other inline script can run there (see src/lib/security/headers.ts for
 * why this is not done with a nonce). Runs again safely on the same build.
 *
 *   tsx scripts/csp-hashes.mts [.next]
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { addPagePolicy } from '../src/lib/security/page-policy';

const distDir = process.argv[2] ?? '.next';
// The standalone output (when configured) holds its own copy of the pages.
const roots = [
  path.join(distDir, 'server/app'),
  path.join(distDir, 'standalone', distDir, 'server/app'),
];

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(file);
    else if (entry.name.endsWith('.html')) yield file;
  }
}

let pages = 0;
let scripts = 0;
for (const root of roots) {
  for await (const file of htmlFiles(root)) {
    const { html, hashes } = addPagePolicy(await readFile(file, 'utf8'));
    await writeFile(file, html);
    pages += 1;
    scripts += hashes.length;
  }
}
if (pages === 0) {
  console.error(`csp-hashes: no prerendered pages under ${roots[0]}; run next build first`);
  process.exit(1);
}
console.log(`csp-hashes: ${pages} pages, ${scripts} inline scripts pinned by hash`);
