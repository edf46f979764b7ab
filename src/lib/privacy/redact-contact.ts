/**
 * What a visitor typed must never reach a log line or an error report. This
 * is the one rule for both: the server's log (src/server/log.ts) and the error
 * reports of the server and the browser (src/lib/monitoring/scrub.ts). It runs
 * in the browser too, so it depends on nothing of the server.
 */

const ipv4 = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g;
const email = /[^\s"'<>()[\]@,;:]+@[^\s"'<>()[\],;:]+/g;
// Seven or more digits, however grouped: a phone number, never a port or a count.
const digitRun = /\+?\d(?:[\s().-]*\d){6,}/g;

/** Removes quoted values, e-mail addresses and phone-like digit runs from a text meant for a log. */
export function redactContactData(text: string): string {
  const kept: string[] = [];
  const protectedText = text.replace(ipv4, (ip) => `\u0000${kept.push(ip) - 1}\u0000`);
  return (
    protectedText
      .split(/\r?\n/)[0]!
      .replace(/params:.*$/is, 'params: [redacted]')
      .replace(/"[^"]*"|'[^']*'/g, '"[redacted]"')
      .replace(email, '[redacted]')
      .replace(digitRun, '[redacted]')
      // eslint-disable-next-line no-control-regex -- NUL marks the kept parts, set above
      .replace(/\u0000(\d+)\u0000/g, (_, index: string) => kept[Number(index)] ?? '')
      .slice(0, 300)
  );
}
