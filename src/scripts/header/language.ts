import { isLangCode, writeLocaleCookie } from '@/i18n/locales';
import { goal } from '@/lib/analytics/goals';
import { clickedLink, isPlainClick, navigate } from '@/lib/navigation/navigate';
import { keepConsultationDraft } from '../consultation-draft';
import { pageLangCode } from '../page-language';
import { hideMenu } from './layout';

/**
 * A choice in a language menu (components/i18n/language-switcher.tsx). Each
 * entry links to the same page in its language; with script the choice also
 * keeps the query and the hash, writes the language cookie at once (the page
 * it leads to would, but a slow one might be left before its script runs) and
 * is reported as a goal; what the visitor typed into the consultation form
 * comes back on the page in the new language. Modified clicks open the plain
 * link in a new tab, as links should.
 */
export function chooseLanguage(event: MouseEvent): void {
  if (!isPlainClick(event)) return;
  const link = clickedLink(event);
  const to = link?.dataset.language;
  if (!link || !isLangCode(to)) return;
  event.preventDefault();
  const menu = link.closest('[popover]');
  if (menu) hideMenu(menu);
  writeLocaleCookie(to);
  goal('language_switched', { from: pageLangCode() ?? to, to });
  const { search, hash } = window.location;
  const path = new URL(link.href).pathname;
  keepConsultationDraft(path);
  navigate(`${path}${search}${hash}`);
}
