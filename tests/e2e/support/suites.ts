import { langCodes, type LangCode } from './site';

/**
 * The end-to-end tests fall into two suites (docs/development.md, "Testing it"):
 *
 * - the default one (`npm test`, every submission): each journey once, in a
 *   language each spec names, so that between them the specs go through all
 *   four; every page type once with axe; each area's texts in every language;
 * - the release one (`npm run test:release`, `E2E_SUITE=release`): the same
 *   journeys in the other three languages, every page of the site in the
 *   browser, and what needs its own build (analytics).
 *
 * A test of the release suite carries the tag `@release`; playwright.config.ts
 * picks the suite by it. No test runs in both.
 */
const releaseTag = '@release';

/** The details (`test(title, details, body)`) of a test or group that belongs to the release suite. */
export const inRelease = { tag: releaseTag } as const;

/** The details of a test in the default suite: none (the parameter keeps call sites alike). */
const inDefault = {} as const;

/**
 * The languages a journey runs in: `first` in the default suite, each of the
 * others in the release suite (with `details` to pass to `test` or
 * `test.describe`).
 */
export function journeyLanguages(
  first: LangCode,
): { code: LangCode; details: typeof inRelease | typeof inDefault }[] {
  return [first, ...langCodes.filter((code) => code !== first)].map((code) => ({
    code,
    details: code === first ? inDefault : inRelease,
  }));
}
