/** The running build, as compiled in by the build (astro.config.mjs, src/lib/builds/constants.ts). */
export type BuildInfo = { id: string; timestamp: number };

export const currentBuild: BuildInfo = {
  id: process.env.APP_BUILD_ID ?? 'development',
  timestamp: Number(process.env.APP_BUILD_TIME ?? 0),
};

export const buildPaths = {
  latest: '/_app/builds/latest.json',
  meta: (id: string) => `/_app/builds/meta/${id}.json`,
} as const;
