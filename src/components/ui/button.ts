import { cn } from '@/lib/cn';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse' | 'glass';
type ButtonSize = 'md' | 'lg';

/**
 * Button styles for both `<button>` and links that look like buttons. The
 * styles are component classes in globals.css (`.btn`, `.btn-<variant>`,
 * `.btn-<size>`): a page carries a short name per button, not the whole list.
 */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn('btn', `btn-${variant}`, `btn-${size}`, className);
}
