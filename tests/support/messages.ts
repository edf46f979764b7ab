import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** A message catalogue as messages/<lang>.json holds it. */
export type Catalogue = { [key: string]: string | Catalogue };

/** Every message of a catalogue with its dotted key (`HomePage.pricing.from`). */
export function messageEntries(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string'
      ? [[name, value] as [string, string]]
      : messageEntries(value, name);
  });
}

/** The arguments a parsed message uses, in its plural and select branches and its tags too. */
export function argumentNames(
  elements: MessageFormatElement[],
  out = new Set<string>(),
): Set<string> {
  for (const element of elements) {
    if ('value' in element && typeof element.value === 'string' && element.type !== TYPE.literal)
      out.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentNames(option.value, out);
    if (element.type === TYPE.tag) argumentNames(element.children, out);
  }
  return out;
}
