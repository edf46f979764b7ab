import { getMessages } from 'next-intl/server';
import type { AbstractIntlMessages } from 'next-intl';

/**
 * The namespaces client components translate themselves. Everything else is
 * translated on the server and passed down as props, so the browser never
 * downloads the whole catalogue.
 */
const clientNamespaces = ['ErrorPage', 'NotFoundPage'] as const;

export async function getClientMessages(): Promise<AbstractIntlMessages> {
  const messages = await getMessages();
  return Object.fromEntries(
    clientNamespaces.flatMap((ns) => (messages[ns] ? [[ns, messages[ns]]] : [])),
  ) as AbstractIntlMessages;
}
