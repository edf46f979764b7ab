/**
 * Writes content files edited by hand the way the content editor writes them
 * (keystatic.config.ts): the same order of fields, the same YAML. The tests
 * check that every file already is (tests/unit/editor.test.ts), so that the
 * editor, opening a file, changes nothing it was not asked to.
 *
 *   npm run content:format           rewrite what differs, and say which files
 *   npm run content:format -- --check  only say which files differ (exit 1 if any)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import config from '../keystatic.config';
import { EditorSchemaError } from '../src/lib/editor/canonical';
import { editorFiles, roundTrip } from '../src/lib/editor/files';
import { errorMessage } from '../src/lib/errors';

const check = process.argv.includes('--check');
let changed = 0;
let broken = 0;
for (const entry of editorFiles(config)) {
  try {
    const { source, written, assets, read } = roundTrip(entry);
    // The editor names a picture after its field (cover.svg, gallery/0.svg).
    const moved = assets.filter((asset) => !read.includes(asset.file));
    if (source === written && moved.length === 0) continue;
    changed += 1;
    if (check) {
      console.log(`${entry.file}: not as the editor writes it`);
      continue;
    }
    for (const asset of moved) {
      const target = path.join(process.cwd(), asset.file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, asset.contents);
      console.log(`${asset.file}: written (the editor's name for the picture)`);
    }
    const kept = new Set(assets.map((asset) => asset.file));
    for (const file of read.filter((item) => !kept.has(item) && item.startsWith('public/'))) {
      rmSync(path.join(process.cwd(), file), { force: true });
      console.log(`${file}: removed (renamed above)`);
    }
    writeFileSync(path.join(process.cwd(), entry.file), written);
    console.log(`${entry.file}: rewritten`);
  } catch (error) {
    broken += 1;
    const problems = error instanceof EditorSchemaError ? error.problems : [errorMessage(error)];
    console.error(`${entry.file}:\n  ${problems.join('\n  ')}`);
  }
}
if (broken > 0) console.error(`${broken} file(s) the editor cannot read; fix them by hand.`);
if (changed === 0 && broken === 0) console.log('Every content file is as the editor writes it.');
process.exit(broken > 0 || (check && changed > 0) ? 1 : 0);
