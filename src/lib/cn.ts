import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It does not resolve conflicts between utilities (that would
 * ship tailwind-merge to every page), so components choose one class per
 * property instead of overriding one.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
