import { Fragment } from 'react';

/**
 * An e-mail address, a handle or a web address with line-break opportunities
 * after each `_`, `.`, `@` and `/` within it: in a narrow column it wraps
 * between its parts (`@ortus_digital_` | `example`), not before its last
 * letter. The text is unchanged: `<wbr>` adds no character to copy or read out.
 */
export function Breakable({ text }: { text: string }) {
  return text.split(/(?<=.[_.@/])(?=.)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
