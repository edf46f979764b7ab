/**
 * Where the content editor (/keystatic) reads and writes (docs/editing.md).
 *
 * - Local mode, in development (`npm run dev`): the files in this checkout.
 * - GitHub mode, for editors of the live site: the repository named by
 *   PUBLIC_KEYSTATIC_GITHUB_REPO ("owner/name"), through a GitHub App whose
 *   id and secrets the server reads (KEYSTATIC_GITHUB_CLIENT_ID,
 *   KEYSTATIC_GITHUB_CLIENT_SECRET, KEYSTATIC_SECRET). An edit is saved on a
 *   branch whose name starts with PUBLIC_KEYSTATIC_BRANCH_PREFIX
 *   ("content/" unless set), so it reaches the site through a pull request and CI.
 *
 * A production build without a repository has no editor at all: its routes are
 * not part of the build (astro.config.mjs) and /keystatic is the site's 404.
 */

type Env = Record<string, string | undefined>;

/**
 * The editor's public settings. In code Vite builds, the browser's included
 * (keystatic.config.ts runs there, where there is no `process`), they come
 * from `import.meta.env`, into which Vite writes the PUBLIC_ variables at build:
 * the browser and the server then agree on the mode whatever the server's
 * environment says later. Code Vite does not build (a script run with tsx)
 * has no `import.meta.env` and reads the process's environment.
 */
function publicEnv(): Env {
  // Written out as `import.meta.env`: that expression is what Vite (and Vitest) replace.
  const built = import.meta.env as Env | undefined;
  return built ?? globalThis.process?.env ?? {};
}

const repoPattern = /^[\w.-]+\/[\w.-]+$/;

export type EditorStorage =
  { kind: 'local' } | { kind: 'github'; repo: `${string}/${string}`; branchPrefix: string };

export function editorStorage(env: Env = publicEnv()): EditorStorage {
  const repo = env.PUBLIC_KEYSTATIC_GITHUB_REPO?.trim() ?? '';
  if (!repo) return { kind: 'local' };
  if (!repoPattern.test(repo))
    throw new Error(
      `PUBLIC_KEYSTATIC_GITHUB_REPO must be "owner/name", not "${repo}" (docs/editing.md)`,
    );
  const branchPrefix = env.PUBLIC_KEYSTATIC_BRANCH_PREFIX?.trim() || 'content/';
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
 * with a repository to save to (GitHub mode). Decided when astro.config.mjs
 * loads, from the same variables Vite writes into the editor's code.
 */
export function editorInBuild(phase: 'development' | 'production', env: Env): boolean {
  return phase === 'development' || Boolean(env.PUBLIC_KEYSTATIC_GITHUB_REPO?.trim());
}

/** The GitHub secrets a running server lacks. */
export function missingGithubSecrets(env: Env = process.env): string[] {
  return githubSecretNames.filter((name) => !env[name]?.trim());
}

/**
 * What keeps a running editor closed: in a production server in GitHub mode,
 * the GitHub App's secrets it lacks (without them nobody can sign in, and the
 * editor answers 404). Nothing in local mode, nor in development, where
 * Keystatic's own setup offers to create the GitHub App and writes its
 * secrets to `.env`.
 */
export function secretsTheEditorLacks({
  dev,
  storage = editorStorage(),
  env = process.env,
}: {
  dev: boolean;
  storage?: EditorStorage;
  env?: Env;
}): string[] {
  if (dev || storage.kind !== 'github') return [];
  return missingGithubSecrets(env);
}
