import { parsePhoneNumberFromString as parseWithMin } from 'libphonenumber-js/min';
import { parsePhoneNumberFromString as parseWithMobile } from 'libphonenumber-js/mobile';
import { describe, expect, it } from 'vitest';
import { langCodes } from '@/i18n/locales';
import rulesFile from './phone-rules.json' with { type: 'json' };
import { derivePhoneRules } from './phone-rules-source';
import { defaultRegion, normalizePhone, normalizeWhatsApp } from './schema';

/** Numbers as people type them: with or without a calling code, some valid, most not. */
function sampleNumbers(count: number): string[] {
  let seed = 20_261_127;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const callingCodes = ['1', '7', '44', '49', '380', '61', '39', '262', '590', '998', '800', '882'];
  const numbers: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const digits = Array.from({ length: 6 + Math.floor(next() * 7) }, () =>
      Math.floor(next() * 10),
    ).join('');
    const code = callingCodes[Math.floor(next() * callingCodes.length)];
    numbers.push(next() < 0.6 ? `+${code}${digits}` : `8${digits}`.slice(next() < 0.5 ? 1 : 0));
  }
  return numbers;
}

describe('the phone number rules', () => {
  it('are the ones libphonenumber-js makes now (else run `npx tsx scripts/phone-rules.mts`)', () => {
    expect(rulesFile).toEqual(derivePhoneRules());
  });

  it('answer as the library\'s "min" rules for a call and its "mobile" rules for WhatsApp', () => {
    const differences: string[] = [];
    let valid = 0;
    for (const number of sampleNumbers(1_500)) {
      for (const code of langCodes) {
        const call = parseWithMin(number, defaultRegion[code]);
        const mobile = parseWithMobile(number, defaultRegion[code]);
        const expected = {
          phone: call?.isValid() ? call.number : undefined,
          whatsapp: mobile?.isValid() ? mobile.number : undefined,
        };
        const actual = {
          phone: normalizePhone(number, code),
          whatsapp: normalizeWhatsApp(number, code),
        };
        if (expected.phone) valid += 1;
        if (JSON.stringify(actual) !== JSON.stringify(expected))
          differences.push(`${code} ${number}: ${JSON.stringify({ expected, actual })}`);
      }
    }
    expect(differences).toEqual([]);
    // The sample reaches both answers: enough valid numbers to mean something.
    expect(valid).toBeGreaterThan(600);
  });
});
