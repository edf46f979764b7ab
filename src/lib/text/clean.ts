/**
 * Text a visitor sent, made safe to store and to show to the team. PostgreSQL
 * refuses a NUL byte in text, and invisible characters let a value disguise
 * itself in a notification ("+7 916…" with a direction override reads as
 * another number), so both are removed before anything is checked or stored:
 *
 * - C0 and C1 control characters and DEL (a multi-line text keeps its line
 *   breaks and tabs; a single line turns them into spaces);
 * - invisible formatting characters: zero-width spaces and joiners, direction
 *   marks, overrides and isolates, word joiners, the byte-order mark, the soft
 *   hyphen, Hangul fillers, Mongolian and interlinear separators, tag characters;
 * - halves of surrogate pairs that have no other half (not text at all).
 *
 * The result is in Unicode normal form C and trimmed. In multi-line text the
 * zero-width joiner and the emoji variation selector survive: they are part of
 * emoji such as 👩‍💻, not a disguise.
 */

// eslint-disable-next-line no-control-regex -- control characters are what this removes
const controls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const lineBreaks = /\r\n?|[\u0085\u2028\u2029]/g;
// Each range is invisible when printed; U+200D and U+FE0E/U+FE0F are handled apart (emoji).
const invisible =
  // eslint-disable-next-line no-misleading-character-class -- invisible characters, one by one: that combining marks and variation selectors are among them is the point
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0D\uFEFF\uFFA0\uFFF9-\uFFFB]|\uDB40[\uDC00-\uDC7F]/g;
// eslint-disable-next-line no-misleading-character-class -- the joiner and the selectors alone, as a single line drops them
const emojiJoiners = /[\u200D\uFE0E\uFE0F]/g;
const loneSurrogates = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export type CleanOptions = {
  /** Keep line breaks and tabs (a message); otherwise they become spaces (a name, a phone). */
  multiline?: boolean;
};

export function cleanText(value: string, { multiline = false }: CleanOptions = {}): string {
  let text = value.replace(loneSurrogates, '').replace(invisible, '').replace(lineBreaks, '\n');
  if (multiline) {
    text = text
      .replace(controls, '')
      .split('\n')
      .map((line) => line.replace(/[ \t]+$/, ''))
      .join('\n')
      // More than one empty line in a row says nothing.
      .replace(/\n{3,}/g, '\n\n');
  } else {
    text = text
      .replace(emojiJoiners, '')
      .replace(/[\t\n]/g, ' ')
      .replace(controls, '')
      .replace(/ {2,}/g, ' ');
  }
  return text.normalize('NFC').trim();
}
