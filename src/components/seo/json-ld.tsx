import { jsonLdText, type LdNode } from '@/server/seo/json-ld';

type JsonLdProps = { nodes: Array<LdNode | null> };

/** Structured data for search engines; it is data, not a script the browser runs. */
export function JsonLd({ nodes }: JsonLdProps) {
  // jsonLdText escapes `<`, so the text cannot end the element early.
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(nodes) }} />
  );
}
