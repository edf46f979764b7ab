import type { APIRoute, GetStaticPaths } from 'astro';
import { currentBuild } from '@/lib/builds/build-info';

/** One file, for this build; any other id is a 404 (`_app`: see ../latest.json.ts). */
export const getStaticPaths = (() => [
  { params: { app: '_app', file: `${currentBuild.id}.json` } },
]) satisfies GetStaticPaths;

/**
 * `/_app/builds/meta/{id}.json`: what a page of this build fetches once after
 * it is idle; it never changes (served immutable). A 404 tells a page that
 * the server no longer runs its build.
 */
export const GET: APIRoute = () => Response.json(currentBuild);
