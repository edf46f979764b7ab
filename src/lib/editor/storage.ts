/**
 * Where the content editor (/keystatic) reads and writes (README, "Editing content").
 *
 * - Local mode, in development (`npm run dev`): the files in this checkout.
 * - GitHub mode, for editors of the live site: the repository named by
 *   NEXT_PUBLIC_KEYSTATIC_GITHUB_REPO ("owner/name"), through a GitHub App whose
 *   id and secrets the server reads (KEYSTATIC_GITHUB_CLIENT_ID,
 *   KEYSTATIC_GITHUB_CLIENT_SECRET, KEYSTATIC_SECRET). An edit is saved on a
 *   branch whose name starts with NEXT_PUBLIC_KEYSTATIC_BRANCH_PREFIX
 *   ("content/" unless set), so it reaches the site through a pull request and CI.
 *
 * A production build without a repository has no editor at all: its routes are
 * not part of the build (next.config.ts) and /keystatic answers 404.
 */

/** Next.js inlines these two in the editor's browser code; neither is a secret. */
const repo = process.env.NEXT_PUBLIC_KEYSTATIC_GITHUB_REPO?.trim() ?? '';
const branchPrefix = process.env.NEXT_PUBLIC_KEYSTATIC_BRANCH_PREFIX?.trim() || 'content/';

const repoPattern = /^[\w.-]+\/[\w.-]+$/;

export type EditorStorage =
  { kind: 'local' } | { kind: 'github'; repo: `${string}/${string}`; branchPrefix: string };

export function editorStorage(): EditorStorage {
  if (!repo) return { kind: 'local' };
  if (!repoPattern.test(repo))
    throw new Error(
      `NEXT_PUBLIC_KEYSTATIC_GITHUB_REPO must be "owner/name", not "${repo}" (README, "Editing content")`,
    );
  return { kind: 'github', repo: repo as `${string}/${string}`, branchPrefix };
}

/** The server's settings GitHub mode needs at run time; none of them reaches the browser. */
export const githubSecretNames = [
  'KEYSTATIC_GITHUB_CLIENT_ID',
  'KEYSTATIC_GITHUB_CLIENT_SECRET',
  'KEYSTATIC_SECRET',
] as const;

/**
 * Whether a build has the editor: always in development, in production only
 * with a repository to save to (GitHub mode). Decided when next.config.ts loads.
 */
type Env = Record<string, string | undefined>;

export function editorInBuild(
  phase: 'development' | 'production',
  env: Env = process.env,
): boolean {
  return phase === 'development' || Boolean(env.NEXT_PUBLIC_KEYSTATIC_GITHUB_REPO?.trim());
}

/** The GitHub secrets a running server lacks; the editor answers 404 until there are none. */
export function missingGithubSecrets(env: Env = process.env): string[] {
  return githubSecretNames.filter((name) => !env[name]?.trim());
}
