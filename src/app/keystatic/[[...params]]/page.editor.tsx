import { notFound } from 'next/navigation';
import { editorStorage, missingGithubSecrets } from '@/lib/editor/storage';
import { KeystaticApp } from '../keystatic-app';

// Whether the editor is usable is a matter of the server's settings, read per request.
export const dynamic = 'force-dynamic';

export default function EditorPage() {
  // GitHub mode without the GitHub App's secrets cannot sign anyone in: no editor
  // in production. In development Keystatic offers to create the app instead.
  const setup = process.env.NODE_ENV !== 'production';
  if (editorStorage().kind === 'github' && !setup && missingGithubSecrets().length > 0) notFound();
  return <KeystaticApp />;
}
