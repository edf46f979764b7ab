/** Reading an iCalendar object back, as a calendar client would (RFC 5545). */

/** The content lines, unfolded (3.1). */
export function unfold(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
}

/** A property's value by its name (its parameters ignored), unescaped. */
export function property(ics: string, name: string): string | undefined {
  const line = unfold(ics).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  if (!line) return undefined;
  // The value follows the first colon that is not inside a quoted parameter.
  let quoted = false;
  let at = 0;
  for (; at < line.length; at += 1) {
    if (line[at] === '"') quoted = !quoted;
    else if (line[at] === ':' && !quoted) break;
  }
  return line
    .slice(at + 1)
    .replace(/\\n/gi, '\n')
    .replace(/\\([\\;,])/g, '$1');
}
