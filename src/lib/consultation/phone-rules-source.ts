import type { MetadataJson } from 'libphonenumber-js/core';
import minRules from 'libphonenumber-js/min/metadata';
import mobileRules from 'libphonenumber-js/mobile/metadata';

/**
 * How `phone-rules.json` is made from libphonenumber-js's own rules (run
 * `npx tsx scripts/phone-rules.mts` after updating the library; a unit test
 * fails until then). Only the script and the tests import this module: it
 * holds two full sets of rules, which the browser must not load.
 *
 * The form asks two questions of a number: is it a phone number at all (for a
 * call, a text, Telegram) and is it a mobile number (for WhatsApp). The library
 * answers the first with its "min" set and the second with its "mobile" set,
 * about 19 and 24 KB gzip each. Both are one numbering plan per country; they
 * differ only in the slot for number types:
 *
 * - "mobile" puts each country's mobile pattern there, so only a mobile number
 *   is valid;
 * - "min" leaves it empty (any number of the plan is valid), except for the
 *   few countries that share a calling code with others (+1, +44, +262 ...),
 *   where it keeps the types that tell those countries apart, and so are also
 *   what a valid number must match.
 *
 * So one set serves both: the "mobile" set, plus min's types of those few
 * plans. The plans' formatting patterns are left out: they only lay a number
 * out for display, and the form stores numbers in the international format.
 */

/** The rules' format version this derivation knows: where a plan keeps its formats and types. */
export const rulesVersion = 4;
export const formatsSlot = 4;
export const typesSlot = 11;

type Plan = unknown[];
type Plans = Record<string, Plan>;

export type PhoneRulesFile = {
  /** libphonenumber-js's "mobile" rules without the formatting patterns. */
  rules: MetadataJson;
  /** The "min" rules' number types, for the plans that have them. */
  callTypes: { countries: Record<string, unknown>; nonGeographic: Record<string, unknown> };
};

const withoutFormats = (plans: Plans): Plans =>
  Object.fromEntries(
    Object.entries(plans).map(([id, plan]) => [
      id,
      plan.map((entry, index) => (index === formatsSlot ? 0 : entry)),
    ]),
  );

const typesOf = (plans: Plans): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(plans)
      .filter(([, plan]) => plan[typesSlot])
      .map(([id, plan]) => [id, plan[typesSlot]]),
  );

export function derivePhoneRules(): PhoneRulesFile {
  if (mobileRules.version !== rulesVersion || minRules.version !== rulesVersion)
    throw new Error(
      `libphonenumber-js rules are version ${mobileRules.version}, not ${rulesVersion}`,
    );
  const mobile = mobileRules as unknown as { countries: Plans; nonGeographic: Plans };
  const min = minRules as unknown as { countries: Plans; nonGeographic: Plans };
  return {
    rules: {
      ...mobileRules,
      countries: withoutFormats(mobile.countries),
      nonGeographic: withoutFormats(mobile.nonGeographic),
    },
    callTypes: { countries: typesOf(min.countries), nonGeographic: typesOf(min.nonGeographic) },
  };
}
