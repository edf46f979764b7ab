import { currentBuild } from '@/lib/builds/build-info';

export const dynamicParams = false;

export function generateStaticParams() {
  return [{ file: `${currentBuild.id}.json` }];
}

/** `/_app/builds/meta/{id}.json`: what a page of this build fetches once; it never changes. */
export function GET() {
  return Response.json(currentBuild);
}
