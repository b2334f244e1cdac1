import { clsx, type ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

// Our theme's own names, so a later class of the same kind replaces an earlier one.
const merge = extendTailwindMerge({
  extend: {
    theme: { radius: ['button'] },
  },
});

/** Class names from conditions (clsx), with later Tailwind classes winning over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
