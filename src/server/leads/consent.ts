import 'server-only';
import { createHash } from 'node:crypto';
import { localeFromCode, type LangCode } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { legalDocument } from '@/server/content/legal';
import { legalSettings, type LegalSettings } from '@/server/content/legal-settings';

export type ConsentText = { version: string; hash: string };

const cache = new Map<LangCode, Promise<ConsentText>>();

/**
 * The version and hash of the consent a visitor gives in `code` on an
 * installation with these settings.
 */
export async function consentTextFor(
  code: LangCode,
  settings: LegalSettings,
): Promise<ConsentText> {
  const locale = localeFromCode(code);
  const messages = (await loadMessages(locale)) as { ConsultationForm?: { consent?: string } };
  const label = messages.ConsultationForm?.consent ?? '';
  // What the visitor agreed to: the checkbox label and the two documents it
  // links to (the consent itself and the privacy policy), in their language,
  // as the pages show them: with the agency's details, the recipients and the
  // retention of this installation filled in, from the same settings the
  // pages are rendered with (their other languages are not part of it).
  const documents = await Promise.all(
    (['consent', 'privacy'] as const).map((slug) => legalDocument(slug, locale, settings)),
  );
  const hash = createHash('sha256').update(label);
  for (const { title, updated, body } of documents)
    hash.update('\n').update(JSON.stringify({ title, updated, body }));
  // The version is the newer document's date.
  const version = documents
    .map((document) => document.updated)
    .sort()
    .at(-1)!;
  return { version, hash: hash.digest('hex') };
}

/**
 * The version (the newer document's date) and hash of the consent a visitor
 * gives in `code`: of the texts this process shows (its settings do not change).
 */
export function consentText(code: LangCode): Promise<ConsentText> {
  let entry = cache.get(code);
  if (!entry) {
    entry = consentTextFor(code, legalSettings());
    cache.set(code, entry);
  }
  return entry;
}
