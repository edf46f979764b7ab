/**
 * A DSN as Sentry and GlitchTip show it for a project:
 * `https://<public key>@<host>[/<path>]/<numeric project id>`. What reports
 * are sent to, and (its origin) what the browser's security policy allows.
 */
export function parseDsn(value: string): { origin: string; projectId: string } | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (!/^https?:$/.test(url.protocol) || !url.username || url.search || url.hash) return undefined;
  const projectId = url.pathname.split('/').filter(Boolean).at(-1);
  if (!projectId || !/^\d+$/.test(projectId)) return undefined;
  return { origin: url.origin, projectId };
}

export const dsnProblem =
  'must be the DSN your Sentry or GlitchTip project shows, such as https://<key>@o123.ingest.sentry.io/456';
