/**
 * Writes `npm run bench`'s results: bench/results/latest.json first (so a
 * run's figures are kept even if the report cannot be made from them), then
 * latest.md and the README's table between its markers.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { report } from './report.mjs';

export const resultsFile = (root) => path.join(root, 'bench/results/latest.json');

/** Writes `results` and the report made from them; returns the report. */
export function writeResults(root, results, { json = true } = {}) {
  const outDir = path.join(root, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  if (json) writeFileSync(resultsFile(root), `${JSON.stringify(results, null, 2)}\n`);
  const markdown = report(results);
  writeFileSync(path.join(outDir, 'latest.md'), `# Benchmark\n\n${markdown}\n`);
  const readmePath = path.join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  if (readme.includes(start) && readme.includes(end)) {
    const before = readme.slice(0, readme.indexOf(start) + start.length);
    const after = readme.slice(readme.indexOf(end));
    writeFileSync(readmePath, `${before}\n\n${markdown}\n\n${after}`);
  }
  // In the repository's own format, so a run leaves `npm run format:check` clean.
  spawnSync(
    'npx',
    ['prettier', '--write', 'README.md', 'bench/results/latest.md', 'bench/results/latest.json'],
    { cwd: root, stdio: 'ignore' },
  );
  return markdown;
}
