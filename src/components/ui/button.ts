import { cn } from '@/lib/cn';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse' | 'glass';
type ButtonSize = 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary:
    'border border-brand-200 bg-white text-brand-800 hover:border-brand-500 hover:bg-brand-50',
  ghost: 'text-ink hover:bg-surface',
  inverse: 'bg-white text-brand-900 hover:bg-brand-50',
  /** On a dark background, beside an inverse button. */
  glass: 'border border-white/30 bg-white/10 text-white hover:bg-white/20',
};

const sizes: Record<ButtonSize, string> = {
  // A minimum height, not a fixed one: a long label (Kazakh has many) wraps inside the button.
  md: 'min-h-11 px-5 py-2 text-center text-sm',
  lg: 'min-h-13 px-7 py-3 text-center text-base',
};

/** Button styles for both `<button>` and links that look like buttons. */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}
