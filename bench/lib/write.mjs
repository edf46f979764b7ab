/**
 * Writes `npm run bench`'s results: bench/results/latest.json first (so a
 * run's figures are kept even if the report cannot be made from them), then
 * latest.md and the table in docs/performance.md between its markers.
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
  const docPath = path.join(root, 'docs/performance.md');
  const doc = readFileSync(docPath, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  if (doc.includes(start) && doc.includes(end)) {
    const before = doc.slice(0, doc.indexOf(start) + start.length);
    const after = doc.slice(doc.indexOf(end));
    writeFileSync(docPath, `${before}\n\n${markdown}\n\n${after}`);
  }
  // In the repository's own format, so a run leaves `npm run format:check` clean.
  spawnSync(
    'npx',
    [
      'prettier',
      '--write',
      'docs/performance.md',
      'bench/results/latest.md',
      'bench/results/latest.json',
    ],
    { cwd: root, stdio: 'ignore' },
  );
  return markdown;
}
