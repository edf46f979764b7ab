import { makeRouteHandler } from '@keystatic/next/route-handler';
import config from '../../../../../keystatic.config';
import { editorStorage, missingGithubSecrets } from '@/lib/editor/storage';
import { logger } from '@/server/log';

/**
 * The content editor's API: in local mode it reads and writes the files of
 * this checkout (development only), in GitHub mode it signs editors in with
 * the GitHub App and saves through GitHub. In production, missing secrets
 * answer 404, and the log says which.
 */
let handler: ReturnType<typeof makeRouteHandler> | undefined;

function editorHandler(): ReturnType<typeof makeRouteHandler> | undefined {
  // In development Keystatic's own setup creates the GitHub App and writes its secrets to .env.
  if (editorStorage().kind === 'github' && process.env.NODE_ENV === 'production') {
    const missing = missingGithubSecrets();
    if (missing.length > 0) {
      logger.error(
        { missing },
        'content editor: GitHub mode lacks its secrets; /keystatic answers 404 (README, "Editing content")',
      );
      return undefined;
    }
  }
  handler ??= makeRouteHandler({ config });
  return handler;
}

async function handle(request: Request): Promise<Response> {
  const current = editorHandler();
  if (!current) return new Response('Not Found', { status: 404 });
  return request.method === 'POST' ? current.POST(request) : current.GET(request);
}

export const GET = handle;
export const POST = handle;
