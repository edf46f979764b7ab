import type { Metadata } from 'next';
import type { ReactNode } from 'react';

/**
 * The content editor's own page (README, "Editing content"): outside the
 * site's languages, never indexed. This file and the others named
 * `*.editor.tsx` are part of a build only when it has the editor
 * (next.config.ts): always in development, in production in GitHub mode.
 */
export const metadata: Metadata = {
  title: 'Content editor',
  robots: { index: false, follow: false },
};

export default function EditorLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
