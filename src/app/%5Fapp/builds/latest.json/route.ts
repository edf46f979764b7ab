import { currentBuild } from '@/lib/builds/build-info';

// Built once; the Cache-Control of next.config.ts keeps every cache from storing it.
export const dynamic = 'force-static';

/** `/_app/builds/latest.json`: the build this server runs, for pages of older builds to notice. */
export function GET() {
  return Response.json(currentBuild);
}
