/// <reference types="astro/client" />

/** The content editor's public settings (./storage.ts), written into its code by Vite. */
interface ImportMetaEnv {
  readonly PUBLIC_KEYSTATIC_GITHUB_REPO?: string;
  readonly PUBLIC_KEYSTATIC_GITHUB_APP_SLUG?: string;
  readonly PUBLIC_KEYSTATIC_BRANCH_PREFIX?: string;
}
