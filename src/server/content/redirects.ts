import 'server-only';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { z } from 'zod';
import { ContentError } from '@/lib/content/validate';
import { errorMessage } from '@/lib/errors';
import {
  compileRedirect,
  compileRedirects,
  parseFrom,
  parseTo,
  type Redirect,
  type RedirectEntry,
} from '@/server/http/redirects';
import {
  builtAddresses,
  redirectProblems,
  siteAddresses,
  type SiteAddresses,
} from '@/server/http/redirects-check';
import { optionalText } from './entries';
import { contentRoot } from './paths';

/**
 * The agency's list of redirects from its old site, `content/redirects/index.yaml`
 * (docs/redirects.md), edited by hand or in the content editor
 * (keystatic.config.ts, "Redirects from the old site"):
 *
 * ```yaml
 * redirects:
 *   - from: /uslugi/seo
 *     to: /ru/services/seo
 *     note: Tilda page of the SEO service
 * ```
 *
 * Each entry's form is checked here with zod; what the list means for the
 * site (loops, chains, missing targets, hidden pages) by
 * src/server/http/redirects-check.ts. Both run at build, at start and in
 * `npm run redirects -- check`.
 */

export const redirectsFile = path.join(contentRoot, 'redirects', 'index.yaml');

const address = (what: string) =>
  z
    .string({ error: `the ${what} address is missing` })
    .trim()
    .min(1, `the ${what} address is empty`)
    .max(2000, `the ${what} address is longer than 2000 characters`);

export const redirectEntrySchema = z
  .object({
    from: address('old'),
    to: address('new'),
    /** Where the address came from, for the people who keep the list. */
    note: optionalText,
  })
  .strict()
  .superRefine((entry, context) => {
    const from = parseFrom(entry.from);
    if ('problem' in from) {
      context.addIssue({ code: 'custom', path: ['from'], message: from.problem });
      return;
    }
    const to = parseTo(entry.to, from.value);
    if ('problem' in to) context.addIssue({ code: 'custom', path: ['to'], message: to.problem });
  });

export const redirectFileSchema = z
  .object({ redirects: z.array(redirectEntrySchema).default([]) })
  .strict();

export type RedirectList = {
  /** The entries that are well formed, as redirects. */
  redirects: Redirect[];
  /** One line for each problem of form: `redirects.2.from: …`. */
  malformed: string[];
};

/** One line for a problem of form, with the text it is about: `redirects.2.from (uslugi): …`. */
function formProblem(issue: z.core.$ZodIssue, raw: unknown): string {
  const where = issue.path.join('.') || '(root)';
  const [list, index, field] = issue.path;
  const value =
    list === 'redirects' && typeof index === 'number' && typeof field === 'string'
      ? (raw as { redirects: Record<string, unknown>[] }).redirects[index]?.[field]
      : undefined;
  return `${where}${typeof value === 'string' ? ` (${value})` : ''}: ${issue.message}`;
}

/** A list as loaded from its file (or given), checked for form; it says what is wrong rather than throwing. */
export function redirectList(raw: unknown): RedirectList {
  const result = redirectFileSchema.safeParse(raw);
  if (result.success) return { redirects: compileRedirects(result.data.redirects), malformed: [] };
  const malformed = result.error.issues.map((issue) => formProblem(issue, raw));
  // The entries without a problem of their own are still checked for the rest.
  const list = (raw as { redirects?: unknown } | null)?.redirects;
  const redirects = (Array.isArray(list) ? list : []).flatMap((entry: unknown, index) => {
    const parsed = redirectEntrySchema.safeParse(entry);
    return (parsed.success && compileRedirect(parsed.data, index)) || [];
  });
  return { redirects, malformed };
}

/** A list's source, read and checked for form. */
export function parseRedirectList(source: string, file: string): RedirectList {
  try {
    return redirectList(load(source, { schema: CORE_SCHEMA, filename: file }) ?? {});
  } catch (error) {
    return { redirects: [], malformed: [`not valid YAML: ${errorMessage(error)}`] };
  }
}

/** The list in a file; a missing file is an empty list (a site that had no old one). */
export function readRedirectList(file = redirectsFile): RedirectList {
  if (!existsSync(file)) return { redirects: [], malformed: [] };
  return parseRedirectList(readFileSync(file, 'utf8'), relative(file));
}

function relative(file: string): string {
  return path.relative(process.cwd(), file).split(path.sep).join('/');
}

/** Where a problem's entry is in the list (`redirects.2…`), -1 for the file as a whole. */
const entryOf = (problem: string) => Number(/^redirects\.(\d+)/.exec(problem)?.[1] ?? -1);

/** Every problem of a list against the site's addresses, entry by entry in the list's order. */
export function listProblems(list: RedirectList, site: SiteAddresses): string[] {
  return [...list.malformed, ...redirectProblems(list.redirects, site)].sort(
    (a, b) => entryOf(a) - entryOf(b),
  );
}

/** The error a build or a start stops with, naming the list (its file) and each problem. */
export function redirectListError(
  problems: string[],
  list = relative(redirectsFile),
): ContentError {
  const count = problems.length === 1 ? 'a problem' : `${problems.length} problems`;
  return new ContentError(
    `${list}: ${count} in the redirects (run \`npm run redirects -- check\`; docs/redirects.md)\n${problems
      .map((problem) => `  - ${problem}`)
      .join('\n')}`,
  );
}

/**
 * The redirects the server starts with: the list given, or else the one in
 * content/, checked against the build it serves (`dist/client`). A list with
 * a problem stops the start, naming each one: the build refused it already,
 * so the content beside this build is not the content it was built from.
 */
export function redirectsAtStart(
  clientDir: string,
  entries?: readonly RedirectEntry[],
): Redirect[] {
  const list = entries ? redirectList({ redirects: entries }) : readRedirectList();
  if (list.redirects.length === 0 && list.malformed.length === 0) return [];
  const problems = listProblems(list, siteAddresses(builtAddresses(clientDir)));
  if (problems.length > 0)
    throw redirectListError(problems, entries ? 'the redirects given to the server' : undefined);
  return list.redirects;
}

export type { RedirectEntry };
