import { createHash } from 'node:crypto';
import { pagePolicy, type ExtraOrigins } from './headers';

const metaPattern = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\/>/;
const scriptPattern = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/g;

/** Whether a `<script>` start tag runs code: no `src`, and no data type such as JSON-LD. */
function isInlineCode(attributes: string): boolean {
  if (/\ssrc\s*=/.test(attributes)) return false;
  const type = /\stype\s*=\s*"([^"]*)"/.exec(attributes)?.[1]?.toLowerCase();
  return (
    !type || type === 'module' || type === 'text/javascript' || type === 'application/javascript'
  );
}

/** The SHA-256 (base64) of each inline script of a page, in order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(scriptPattern)) {
    if (isInlineCode(attributes))
      hashes.push(createHash('sha256').update(body, 'utf8').digest('base64'));
  }
  return hashes;
}

/**
 * The page with its own policy as the first element of `<head>`, before any
 * script; a policy left by an earlier run is replaced. Throws on a page without
 * `<head>`: it would ship with no policy of its own.
 */
export function addPagePolicy(
  page: string,
  extra?: ExtraOrigins,
): { html: string; hashes: string[] } {
  const stripped = page.replace(metaPattern, '');
  const hashes = [...new Set(inlineScriptHashes(stripped))];
  const meta = `<meta http-equiv="Content-Security-Policy" content="${pagePolicy(hashes, extra)}"/>`;
  if (!stripped.includes('<head>')) throw new Error('no <head> to put the page policy in');
  return { html: stripped.replace('<head>', `<head>${meta}`), hashes };
}
