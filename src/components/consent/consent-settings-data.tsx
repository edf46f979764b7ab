import { consentSettingsId, type ConsentSettings } from './settings';

/**
 * The consent banner's settings and texts, carried in the page as a JSON data
 * block for the page's script, which starts the banner when the browser is
 * idle: no framework on the page for it. A data block is never run, so the
 * Content Security Policy has nothing to say about it; `<` is escaped so that
 * no text in it can end the element.
 */
export function ConsentSettingsData({ settings }: { settings: ConsentSettings }) {
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return (
    <script
      type="application/json"
      id={consentSettingsId}
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
