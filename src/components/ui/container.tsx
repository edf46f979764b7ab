import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type ContainerProps = { children: ReactNode; className?: string };

/** The page's column: centred, at most 72 rem wide, with side padding (`.wrap` in globals.css). */
export function Container({ children, className }: ContainerProps) {
  return <div className={cn('wrap', className)}>{children}</div>;
}
