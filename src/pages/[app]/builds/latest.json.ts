import type { APIRoute, GetStaticPaths } from 'astro';
import { currentBuild } from '@/lib/builds/build-info';

/*
 * Astro leaves folders whose name starts with `_` out of the routes, so the
 * `_app` of the address is this route's one parameter.
 */
export const getStaticPaths = (() => [{ params: { app: '_app' } }]) satisfies GetStaticPaths;

/**
 * `/_app/builds/latest.json`: the build the server runs, for pages of older
 * builds left open to notice (src/lib/builds/watch.ts). Built ahead like the
 * pages; the server sends it with `no-store` (src/server/http/static-rules.ts).
 */
export const GET: APIRoute = () => Response.json(currentBuild);
