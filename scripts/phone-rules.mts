/**
 * `npx tsx scripts/phone-rules.mts`: writes src/lib/consultation/phone-rules.json,
 * the one set of phone number rules the consultation form checks numbers with
 * (how and why: src/lib/consultation/phone-rules-source.ts). Run it after
 * updating libphonenumber-js; the form's unit tests fail until then.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { derivePhoneRules } from '../src/lib/consultation/phone-rules-source';

const target = path.resolve(import.meta.dirname, '../src/lib/consultation/phone-rules.json');
// Laid out as the repository's formatter would, so that `npm run format:check` passes.
const text = await format(JSON.stringify(derivePhoneRules()), {
  ...(await resolveConfig(target)),
  filepath: target,
});
writeFileSync(target, text);
console.log(`wrote ${path.relative(process.cwd(), target)}`);
