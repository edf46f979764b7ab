import 'server-only';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { localeFromCode, type LangCode } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { parseFrontmatter } from '@/lib/markdown/frontmatter';
import { legalFrontmatterSchema, legalPageFile } from '@/server/content/legal';

export type ConsentText = { version: string; hash: string };

const cache = new Map<LangCode, Promise<ConsentText>>();

async function load(code: LangCode): Promise<ConsentText> {
  const locale = localeFromCode(code);
  const messages = (await loadMessages(locale)) as { ConsultationForm?: { consent?: string } };
  const label = messages.ConsultationForm?.consent ?? '';
  const file = legalPageFile('privacy', locale);
  const source = await readFile(file, 'utf8');
  const { data } = parseFrontmatter(source, legalFrontmatterSchema, file);
  // What the visitor agreed to: the checkbox label and the policy it links to, in their language.
  const hash = createHash('sha256').update(label).update('\n').update(source).digest('hex');
  return { version: data.updated, hash };
}

/** The version (the privacy policy's date) and hash of the consent a visitor gives in `code`. */
export function consentText(code: LangCode): Promise<ConsentText> {
  let entry = cache.get(code);
  if (!entry) {
    entry = load(code);
    cache.set(code, entry);
  }
  return entry;
}
